/** What the hooks of one firing decided, merged over every matching callback (HK-03). */
export type HookVerdict = {
  /** PreToolUse: `deny` wins over `ask`, `ask` over `allow`; a failed blocking hook denies. */
  readonly decision?: 'allow' | 'deny' | 'ask';
  /** The reason of the decision (for a deny, the text the tool's result quotes). */
  readonly reason?: string;
  readonly updatedInput?: Record<string, unknown>;
  readonly additionalContext: readonly string[];
  /** `decision: 'block'` (or a failed blocking hook), with its reason. */
  readonly block?: string;
  /** `continue: false`, with its `stopReason`. */
  readonly stop?: string;
};
