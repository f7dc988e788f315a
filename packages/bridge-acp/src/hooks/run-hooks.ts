import type { MachineContext } from '../machine/bridge-state.js';
import { sessionIdOf, sessionOf } from '../machine/bridge-state.js';
import { emitWarning } from '../machine/client-output.js';
import { matchesHook } from './hook-registry.js';
import type { HookVerdict } from './hook-verdict.js';
import { readCommandResult } from './read-command-result.js';
import { type HookRead, readHookAnswer } from './read-hook-answer.js';

/** One firing of an event. */
type HookFiring = {
  readonly event: string;
  /** What the matchers test: the tool name (tool events), SessionStart's `source`, ... */
  readonly matchValue?: string;
  readonly toolUseId?: string;
  /** The event's own input fields; the common ones (`session_id`, `cwd`, ...) are added. */
  readonly input: Record<string, unknown>;
  /** `turn`: withdrawn when the turn ends; `session`: only when the session does. */
  readonly scope?: 'turn' | 'session';
};

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

const strength = { allow: 1, ask: 2, deny: 3 } as const;
/** Claude Code's budget for SessionEnd hooks, which run as the session closes. */
const sessionEndBudgetMs = 1500;

/** `PreToolUse:Bash`: how Claude Code names a hook in its texts. */
export const hookName = (firing: Pick<HookFiring, 'event' | 'matchValue'>): string =>
  firing.matchValue === undefined ? firing.event : `${firing.event}:${firing.matchValue}`;

/**
 * HK-03..HK-05, HK-30: runs every hook of `firing.event` whose matcher matches: the settings
 * files' command hooks through the host (`hook/run-command`), then one `hook_callback` per
 * callback of the client's, each with its timeout; calls `done` once with the merged verdict (at
 * once when no hook matches). A failed client callback blocks the action under `onFailure:
 * 'block'` (not for Stop), any other failure is reported in a warning and the action goes ahead;
 * a withdrawn request, or a command that ends after its turn, decides nothing.
 */
export function runHooks(
  context: MachineContext,
  firing: HookFiring,
  done: (verdict: HookVerdict) => void = () => {},
) {
  const { state, launch } = context;
  // Once the client's input ended nobody can answer: only SessionEnd still goes out (unawaited).
  const closing = firing.event === 'SessionEnd';
  const matches = (entry: { readonly matcher?: string | undefined }) =>
    matchesHook(entry.matcher, firing.matchValue);
  const callbacks =
    state.client.input === 'open' || closing
      ? (state.client.hooks[firing.event] ?? [])
          .filter(matches)
          .flatMap((matcher) => matcher.callbackIds.map((callbackId) => ({ callbackId, matcher })))
      : [];
  const commands = (launch.commandHooks?.[firing.event] ?? [])
    .filter(matches)
    .flatMap((entry) => entry.commands);
  const verdict: Mutable<HookVerdict> = { additionalContext: [] };
  let waiting = callbacks.length + commands.length;
  if (waiting === 0) return done(verdict);
  // Claude Code's `prompt_id` ties the hooks of one user prompt together: one id per turn.
  const turn = state.turn;
  if (turn !== undefined) turn.promptId ??= context.newId();
  const input = {
    session_id: sessionIdOf(state),
    transcript_path: '',
    cwd: launch.cwd,
    ...(turn === undefined ? {} : { prompt_id: turn.promptId }),
    permission_mode: sessionOf(state)?.permissionMode ?? 'default',
    hook_event_name: firing.event,
    ...firing.input,
  };
  const name = hookName(firing);
  const scope = firing.scope ?? 'turn';
  const settle = (read: HookRead | string, blockOnFailure: boolean) => {
    if (typeof read !== 'string') merge(context, verdict, read);
    else if (blockOnFailure && firing.event !== 'Stop') {
      merge(context, verdict, { decision: 'deny', reason: read, block: read });
    } else emitWarning(context, `${name} hook error: ${read}. The action went ahead.`);
    waiting -= 1;
    if (waiting === 0) done(verdict);
  };
  const stdin = JSON.stringify(input);
  for (const { command, timeoutMs: own } of commands) {
    const timeoutMs = closing ? Math.min(own, sessionEndBudgetMs) : own;
    const params = { command, input: stdin, cwd: launch.cwd, timeoutMs, env: projectEnv(context) };
    context.host.perform('hook/run-command', params, (result) => {
      if (closing || (scope === 'turn' && context.state.turn !== turn)) return settle({}, false);
      const read = result.ok
        ? readCommandResult(firing.event, command, timeoutMs, result.value)
        : `[${command}]: ${result.message}`;
      settle(read, false);
    });
  }
  for (const { callbackId, matcher } of callbacks) {
    const request = {
      subtype: 'hook_callback' as const,
      callback_id: callbackId,
      input,
      ...(firing.toolUseId === undefined ? {} : { tool_use_id: firing.toolUseId }),
    };
    const options = closing ? { scope } : { scope, timeoutMs: matcher.timeoutMs };
    context.clientRequests.ask(request, options, (answer) =>
      settle(readHookAnswer(firing.event, answer, matcher.timeoutMs), matcher.blockOnFailure),
    );
  }
}

/** `$CLAUDE_PROJECT_DIR`, which Claude Code sets for its hooks: the session's directory. */
const projectEnv = (context: MachineContext) => ({ CLAUDE_PROJECT_DIR: context.launch.cwd });

/**
 * HK-14: SessionEnd, when the client's input ended and its last turn finished, or when the agent
 * went away under an open client. Not awaited: the client's input is closed, or closing.
 */
export function fireSessionEnd(context: MachineContext): void {
  if (sessionOf(context.state) === undefined) return;
  runHooks(context, { event: 'SessionEnd', input: { reason: 'other' }, scope: 'session' });
}

/** Folds one hook's output into the verdict. */
function merge(context: MachineContext, verdict: Mutable<HookVerdict>, output: HookRead) {
  const { decision, reason, updatedInput, additionalContext, block, stop } = output;
  if (
    decision !== undefined &&
    strength[decision] > (verdict.decision ? strength[verdict.decision] : 0)
  ) {
    verdict.decision = decision;
    verdict.reason = reason;
  }
  if (updatedInput !== undefined) verdict.updatedInput = updatedInput;
  verdict.additionalContext = [...verdict.additionalContext, ...(additionalContext ?? [])];
  if (block !== undefined) verdict.block ??= block;
  if (stop !== undefined) verdict.stop ??= stop;
  if (output.systemMessage !== undefined) emitWarning(context, output.systemMessage);
}
