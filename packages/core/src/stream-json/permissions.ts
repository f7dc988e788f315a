import { z } from 'zod';
import type { OutputOf } from './schema-kit.js';
import { byTag, flag, isModelled, jsonObject, object, openUnion, text } from './schema-kit.js';

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
    directories: z.array(z.string()),
    destination,
  }),
]);

/** Runtime schema of {@link PermissionUpdate}: modelled types checked, others kept. */
export const permissionUpdateSchema = openUnion('type', permissionUpdateSchemas);

const decision = {
  toolUseID: text,
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

export type KnownPermissionUpdate = OutputOf<typeof permissionUpdateSchemas>;
export type PermissionUpdate = z.output<typeof permissionUpdateSchema>;
export type PermissionResult = z.output<typeof permissionResultSchema>;

export const isKnownPermissionUpdate = isModelled<KnownPermissionUpdate>(permissionUpdateSchemas);
