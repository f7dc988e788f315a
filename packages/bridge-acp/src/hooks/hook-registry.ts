import { isRecord } from '@agentbridge/core/contracts';

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

/** HK-01: reads `initialize.hooks`; malformed matchers and callback ids are skipped. */
export function readHookRegistry(value: unknown): HookRegistry {
  const registry: Record<string, HookMatcher[]> = {};
  for (const [event, matchers] of Object.entries(isRecord(value) ? value : {})) {
    if (!Array.isArray(matchers) || event === '__proto__') continue;
    registry[event] = matchers.flatMap((entry: unknown) => {
      if (!isRecord(entry) || !Array.isArray(entry.hookCallbackIds)) return [];
      const callbackIds = entry.hookCallbackIds.filter((id) => typeof id === 'string' && id !== '');
      const seconds = entry.timeout;
      const timeoutMs =
        typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : defaultHookTimeoutMs;
      const matcher = typeof entry.matcher === 'string' ? entry.matcher : undefined;
      return [{ matcher, callbackIds, timeoutMs, blockOnFailure: entry.onFailure === 'block' }];
    });
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
