import type { InitializeRequest } from '@agentbridge/core/contracts';

/** One matcher of the client's `initialize.hooks`: the callbacks to run when it matches. */
type HookMatcher = {
  readonly matcher: string | undefined;
  readonly callbackIds: readonly string[];
  /** From the matcher's `timeout` (seconds), else {@link defaultHookTimeoutMs}. */
  readonly timeoutMs: number;
  /** `onFailure: 'block'`: a failed hook blocks the action it guards instead of letting it go ahead. */
  readonly blockOnFailure: boolean;
};

/** The client's hooks by event name (`PreToolUse`, `Stop`, ...). */
export type HookRegistry = Readonly<Record<string, readonly HookMatcher[]>>;

/** How long a hook callback may take without a `timeout` of its own (Claude Code's 60 s). */
export const defaultHookTimeoutMs = 60_000;

/** The events the bridge fires (HK-01); hooks of other events are accepted and never called. */
export const firedHookEvents: readonly string[] = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
  'SessionEnd',
  'Notification',
  'PermissionDenied',
];

/** HK-01: the parsed `initialize.hooks`; empty callback ids are skipped, `__proto__` too. */
export function readHookRegistry(hooks: NonNullable<InitializeRequest['hooks']>): HookRegistry {
  const registry: Record<string, HookMatcher[]> = {};
  for (const [event, matchers] of Object.entries(hooks)) {
    if (event === '__proto__') continue;
    registry[event] = matchers.map(({ matcher, hookCallbackIds, timeout, onFailure }) => ({
      matcher,
      callbackIds: hookCallbackIds.filter((id) => id !== ''),
      timeoutMs: timeout !== undefined && timeout > 0 ? timeout * 1000 : defaultHookTimeoutMs,
      blockOnFailure: onFailure === 'block',
    }));
  }
  return registry;
}

/**
 * HK-02, Claude Code's matcher semantics: none, `""` or `*` match everything; a plain name or a
 * `|` list of names (`Edit|Write`) matches exactly; anything else is a regular expression tested
 * against the value (`mcp__memory__.*`, `Notebook.*`); an invalid expression matches nothing.
 */
export function matchesHook(matcher: string | undefined, value: string | undefined): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (value === undefined) return false;
  if (/^[\w|]+$/.test(matcher)) return matcher.split('|').includes(value);
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return false;
  }
}
