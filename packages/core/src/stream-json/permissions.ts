import { z } from 'zod';
import {
  byTag,
  flag,
  isModelled,
  jsonObject,
  object,
  openUnion,
  strings,
  text,
} from './schema-kit.js';

const destination = z.enum([
  'userSettings',
  'projectSettings',
  'localSettings',
  'session',
  'cliArg',
]);

/** Runtime schemas of the modelled permission updates (stream-json §5.4), by `type`. */
export const permissionUpdateSchemas = byTag('type', [
  object({
    type: z.literal(['addRules', 'replaceRules', 'removeRules']),
    /** `Tool` or `Tool(content)` split in two (`Bash` + `git status:*`). */
    rules: z.array(object({ toolName: z.string(), ruleContent: text })),
    behavior: z.enum(['allow', 'deny', 'ask']),
    destination,
  }),
  object({ type: z.literal('setMode'), mode: z.string(), destination }),
  object({
    type: z.literal(['addDirectories', 'removeDirectories']),
    directories: strings,
    destination,
  }),
]);

/**
 * Runtime schema of {@link PermissionUpdate}: suggested in `can_use_tool.permission_suggestions`,
 * applied when echoed in `updatedPermissions`. Modelled types checked, others kept.
 */
export const permissionUpdateSchema = openUnion('type', permissionUpdateSchemas);

const decision = {
  toolUseID: text,
  /** `user_temporary`, `user_permanent`, `user_reject`. */
  decisionClassification: text,
};

/** Runtime schema of {@link PermissionResult}, the answer to `can_use_tool` (closed). */
export const permissionResultSchema = z.discriminatedUnion('behavior', [
  object({
    behavior: z.literal('allow'),
    updatedInput: jsonObject.optional(),
    updatedPermissions: z.array(permissionUpdateSchema).optional(),
    ...decision,
  }),
  /** `message` is shown to the model as the tool_result; `interrupt` also aborts the turn. */
  object({ behavior: z.literal('deny'), message: z.string(), interrupt: flag, ...decision }),
]);

export type KnownPermissionUpdate = z.output<
  (typeof permissionUpdateSchemas)[keyof typeof permissionUpdateSchemas]
>;
export type PermissionUpdate = z.output<typeof permissionUpdateSchema>;
export type PermissionResult = z.output<typeof permissionResultSchema>;

/** Whether `update` is one of the modelled variants. */
export const isKnownPermissionUpdate = isModelled<KnownPermissionUpdate>(permissionUpdateSchemas);
