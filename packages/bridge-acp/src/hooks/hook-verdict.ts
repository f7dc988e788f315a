import type { HookOutput } from '@agentbridge/core/contracts';

/** What the hooks of one firing decided, merged over every matching callback (HK-03). */
export type HookVerdict = {
  /** PreToolUse: `deny` wins over `ask`, `ask` over `allow`; a failed blocking hook denies. */
  readonly decision?: 'allow' | 'deny' | 'ask';
  /** The reason of the decision (for a deny, the text the tool's result quotes). */
  readonly reason?: string;
  /** The tool input to run instead (PreToolUse), as the hook's output gave it. */
  readonly updatedInput?: NonNullable<HookOutput['hookSpecificOutput']>['updatedInput'];
  readonly additionalContext: readonly string[];
  /** `decision: 'block'` (or a failed blocking hook), with its reason. */
  readonly block?: string;
  /** `continue: false`, with its `stopReason`. */
  readonly stop?: string;
};
