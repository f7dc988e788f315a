import { z } from 'zod';
import type { JsonObject, OpenString } from './json-object.js';
import { jsonObjectSchema } from './json-object.js';
import { createTaggedUnionSchema, hasKnownTag } from './tagged-union-schema.js';

/** Where a permission update is stored. */
export type PermissionUpdateDestination =
  | 'userSettings'
  | 'projectSettings'
  | 'localSettings'
  | 'session'
  | 'cliArg';

/** What a rule does. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/** A permission rule: `Tool` or `Tool(content)` split in two (`Bash` + `git status:*`). */
export type PermissionRuleValue = {
  readonly toolName: string;
  readonly ruleContent?: string;
};

/** Adds, replaces or removes rules (`addRules`, `replaceRules`, `removeRules`). */
export type PermissionRulesUpdate = {
  readonly type: 'addRules' | 'replaceRules' | 'removeRules';
  readonly rules: readonly PermissionRuleValue[];
  readonly behavior: PermissionBehavior;
  readonly destination: PermissionUpdateDestination;
};

/** Switches the permission mode (`acceptEdits`, `plan`, ...). */
export type PermissionModeUpdate = {
  readonly type: 'setMode';
  readonly mode: string;
  readonly destination: PermissionUpdateDestination;
};

/** Adds or removes working directories. */
export type PermissionDirectoriesUpdate = {
  readonly type: 'addDirectories' | 'removeDirectories';
  readonly directories: readonly string[];
  readonly destination: PermissionUpdateDestination;
};

/** An update type this package does not model, kept whole. */
export type UnknownPermissionUpdate = { readonly type: string } & JsonObject;

/** The modelled `PermissionUpdate` variants of stream-json §5.4. */
export type KnownPermissionUpdate =
  | PermissionRulesUpdate
  | PermissionModeUpdate
  | PermissionDirectoriesUpdate;

/**
 * A change to permission settings: suggested in `can_use_tool.permission_suggestions`, applied when
 * echoed in `PermissionResult.updatedPermissions`.
 */
export type PermissionUpdate = KnownPermissionUpdate | UnknownPermissionUpdate;

/** How the user decided, for the CLI's telemetry and rule bookkeeping. */
export type PermissionDecisionClassification = OpenString<
  'user_temporary' | 'user_permanent' | 'user_reject'
>;

/** The host allows the tool call, optionally with changed input and saved permissions. */
export type PermissionAllowResult = {
  readonly behavior: 'allow';
  readonly updatedInput?: JsonObject;
  readonly updatedPermissions?: readonly PermissionUpdate[];
  readonly toolUseID?: string;
  readonly decisionClassification?: PermissionDecisionClassification;
};

/** The host denies the tool call. `message` is shown to the model as the tool_result. */
export type PermissionDenyResult = {
  readonly behavior: 'deny';
  readonly message: string;
  /** Also abort the turn. */
  readonly interrupt?: boolean;
  readonly toolUseID?: string;
  readonly decisionClassification?: PermissionDecisionClassification;
};

/** The answer (`control_response.response`) to a `can_use_tool` request. */
export type PermissionResult = PermissionAllowResult | PermissionDenyResult;

const destinationSchema = z.enum([
  'userSettings',
  'projectSettings',
  'localSettings',
  'session',
  'cliArg',
]);

/** Runtime schema of {@link PermissionRuleValue}. */
export const permissionRuleValueSchema: z.ZodType<PermissionRuleValue> = z.looseObject({
  toolName: z.string(),
  ruleContent: z.string().optional(),
});

const rulesUpdateSchema = (type: PermissionRulesUpdate['type']) =>
  z.looseObject({
    type: z.literal(type),
    rules: z.array(permissionRuleValueSchema),
    behavior: z.enum(['allow', 'deny', 'ask']),
    destination: destinationSchema,
  });

const directoriesUpdateSchema = (type: PermissionDirectoriesUpdate['type']) =>
  z.looseObject({
    type: z.literal(type),
    directories: z.array(z.string()),
    destination: destinationSchema,
  });

const permissionUpdateVariants = {
  addRules: rulesUpdateSchema('addRules') satisfies z.ZodType<PermissionRulesUpdate>,
  replaceRules: rulesUpdateSchema('replaceRules') satisfies z.ZodType<PermissionRulesUpdate>,
  removeRules: rulesUpdateSchema('removeRules') satisfies z.ZodType<PermissionRulesUpdate>,
  setMode: z.looseObject({
    type: z.literal('setMode'),
    mode: z.string(),
    destination: destinationSchema,
  }) satisfies z.ZodType<PermissionModeUpdate>,
  addDirectories: directoriesUpdateSchema(
    'addDirectories',
  ) satisfies z.ZodType<PermissionDirectoriesUpdate>,
  removeDirectories: directoriesUpdateSchema(
    'removeDirectories',
  ) satisfies z.ZodType<PermissionDirectoriesUpdate>,
};

const knownPermissionUpdateTypes: ReadonlySet<string> = new Set(
  Object.keys(permissionUpdateVariants),
);

/** Runtime schema of {@link PermissionUpdate}: modelled types checked, others kept. */
export const permissionUpdateSchema = createTaggedUnionSchema<PermissionUpdate>({
  key: 'type',
  variants: permissionUpdateVariants,
  unknownTags: 'accept',
});

/** Whether `update` is one of the modelled variants. */
export function isKnownPermissionUpdate(update: PermissionUpdate): update is KnownPermissionUpdate {
  return hasKnownTag(update, 'type', knownPermissionUpdateTypes);
}

/** Runtime schema of {@link PermissionResult} (closed: `allow` or `deny`). */
export const permissionResultSchema = createTaggedUnionSchema<PermissionResult>({
  key: 'behavior',
  variants: {
    allow: z.looseObject({
      behavior: z.literal('allow'),
      updatedInput: jsonObjectSchema.optional(),
      updatedPermissions: z.array(permissionUpdateSchema).optional(),
      toolUseID: z.string().optional(),
      decisionClassification: z.string().optional(),
    }) satisfies z.ZodType<PermissionAllowResult>,
    deny: z.looseObject({
      behavior: z.literal('deny'),
      message: z.string(),
      interrupt: z.boolean().optional(),
      toolUseID: z.string().optional(),
      decisionClassification: z.string().optional(),
    }) satisfies z.ZodType<PermissionDenyResult>,
  },
  unknownTags: 'reject',
});
