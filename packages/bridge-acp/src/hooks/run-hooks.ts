import { isRecord } from '@agentbridge/core/contracts';
import type { MachineContext } from '../machine/bridge-state.js';
import { sessionIdOf, sessionOf } from '../machine/bridge-state.js';
import { emitWarning } from '../machine/client-output.js';
import type { ClientAnswer } from '../north/client-request-channel.js';
import { matchesHook } from './hook-registry.js';

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

const decisions = ['allow', 'deny', 'ask', 'defer'];
const strength = { allow: 1, ask: 2, deny: 3 } as const;

/** `PreToolUse:Bash`: how Claude Code names a hook in its texts. */
export const hookName = (firing: Pick<HookFiring, 'event' | 'matchValue'>): string =>
  firing.matchValue === undefined ? firing.event : `${firing.event}:${firing.matchValue}`;

/**
 * HK-03..HK-05: sends one `hook_callback` per callback of every matcher of `firing.event` that
 * matches, each with its timeout, and calls `done` once with the merged verdict (at once when no
 * hook matches). A timeout, an error answer or a malformed output blocks the action under
 * `onFailure: 'block'` (not for Stop), else it is reported in a warning and the action goes ahead;
 * a withdrawn request decides nothing.
 */
export function runHooks(
  context: MachineContext,
  firing: HookFiring,
  done: (verdict: HookVerdict) => void = () => {},
) {
  const { state, launch } = context;
  const calls = (state.client.hooks[firing.event] ?? [])
    .filter((entry) => matchesHook(entry.matcher, firing.matchValue))
    .flatMap((matcher) => matcher.callbackIds.map((callbackId) => ({ callbackId, matcher })));
  const verdict: Mutable<HookVerdict> = { additionalContext: [] };
  // Once the client's input ended nobody can answer: only SessionEnd still goes out (unawaited).
  const closing = firing.event === 'SessionEnd';
  if (calls.length === 0 || (state.client.input !== 'open' && !closing)) return done(verdict);
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
  let waiting = calls.length;
  for (const { callbackId, matcher } of calls) {
    const request = {
      subtype: 'hook_callback' as const,
      callback_id: callbackId,
      input,
      ...(firing.toolUseId === undefined ? {} : { tool_use_id: firing.toolUseId }),
    };
    const scope = firing.scope ?? 'turn';
    const options = closing ? { scope } : { scope, timeoutMs: matcher.timeoutMs };
    context.clientRequests.ask(request, options, (answer) => {
      const read = readHookAnswer(firing.event, answer, matcher.timeoutMs);
      if (typeof read !== 'string') merge(context, verdict, read);
      else if (matcher.blockOnFailure && firing.event !== 'Stop') {
        merge(context, verdict, { decision: 'deny', reason: read, block: read });
      } else emitWarning(context, `${name} hook error: ${read}. The action went ahead.`);
      waiting -= 1;
      if (waiting === 0) done(verdict);
    });
  }
}

/**
 * HK-14: SessionEnd, when the client's input ended and its last turn finished, or when the agent
 * went away under an open client. Not awaited: the client's input is closed, or closing.
 */
export function fireSessionEnd(context: MachineContext): void {
  if (sessionOf(context.state) === undefined) return;
  runHooks(context, { event: 'SessionEnd', input: { reason: 'other' }, scope: 'session' });
}

/** Folds one hook's output into the verdict. */
function merge(
  context: MachineContext,
  verdict: Mutable<HookVerdict>,
  output: Partial<HookVerdict> & { readonly systemMessage?: string },
) {
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

/**
 * HK-05: one callback's answer as a partial verdict, or the text of its failure: a timeout, an
 * error answer, or an output that is not a `HookJSONOutput` for this event.
 */
export function readHookAnswer(
  event: string,
  answer: ClientAnswer,
  timeoutMs: number,
): (Partial<HookVerdict> & { systemMessage?: string }) | string {
  if (answer.outcome === 'error') return answer.message;
  if (answer.outcome !== 'answered')
    return answer.outcome === 'timeout' ? `no answer within ${timeoutMs / 1000} s` : {};
  const output = answer.response;
  if (output.async === true) return {};
  const specific = output.hookSpecificOutput;
  const text = (value: unknown) => value === undefined || typeof value === 'string';
  const problem =
    (output.continue !== undefined && typeof output.continue !== 'boolean' && '"continue"') ||
    (output.decision !== undefined &&
      output.decision !== 'approve' &&
      output.decision !== 'block' &&
      '"decision"') ||
    (!['reason', 'stopReason', 'systemMessage'].every((key) => text(output[key])) &&
      'a reason or message that is not text') ||
    (specific !== undefined &&
      (!isRecord(specific) ||
        specific.hookEventName !== event ||
        (specific.permissionDecision !== undefined &&
          !decisions.includes(String(specific.permissionDecision))) ||
        (specific.updatedInput !== undefined && !isRecord(specific.updatedInput)) ||
        !text(specific.additionalContext) ||
        !text(specific.permissionDecisionReason)) &&
      `"hookSpecificOutput" (for ${event})`);
  if (problem) return `invalid hook output: ${problem}`;
  const hso = isRecord(specific) ? specific : {};
  const decision =
    hso.permissionDecision === 'defer'
      ? undefined
      : ((hso.permissionDecision as HookVerdict['decision']) ??
        (output.decision === 'approve' ? 'allow' : undefined));
  const reason = (hso.permissionDecisionReason ?? output.reason) as string | undefined;
  return {
    decision,
    reason,
    ...(isRecord(hso.updatedInput) ? { updatedInput: hso.updatedInput } : {}),
    additionalContext: typeof hso.additionalContext === 'string' ? [hso.additionalContext] : [],
    ...(output.decision === 'block' ? { block: (output.reason as string | undefined) ?? '' } : {}),
    ...(output.continue === false ? { stop: (output.stopReason as string | undefined) ?? '' } : {}),
    ...(typeof output.systemMessage === 'string' ? { systemMessage: output.systemMessage } : {}),
  };
}
