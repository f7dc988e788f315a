/** The permission modes a Claude Code client may ask for; its help spells `default` `manual`. */
export const claudePermissionModes = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
  'auto',
] as const;

export type ClaudePermissionMode = (typeof claudePermissionModes)[number];
