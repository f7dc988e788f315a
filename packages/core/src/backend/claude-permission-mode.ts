/**
 * The permission modes a Claude Code client may ask for (`--permission-mode`, `set_permission_mode`).
 * The CLI's help spells `default` as `manual`; both are accepted and mean the same.
 */
export const claudePermissionModes = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
  'auto',
] as const;

/** One of {@link claudePermissionModes}. */
export type ClaudePermissionMode = (typeof claudePermissionModes)[number];
