import { asyncHookOutputSchema, hookOutputSchema } from '@agentbridge/core';
import type { ClientAnswer } from '../north/client-request-channel.js';
import type { HookVerdict } from './hook-verdict.js';

/** What one hook's output decided (a partial verdict), with its `systemMessage`. */
export type HookRead = Partial<HookVerdict> & { readonly systemMessage?: string };

/** The failure text of an output whose field `key` is not of its type (HK-05). */
function problemOf(key: PropertyKey | undefined, event: string): string {
  if (key === 'continue' || key === 'decision') return `"${key}"`;
  if (key === 'reason' || key === 'stopReason' || key === 'systemMessage')
    return 'a reason or message that is not text';
  return `"hookSpecificOutput" (for ${event})`;
}

/**
 * HK-05: one callback's answer as a partial verdict, or the text of its failure: a timeout, an
 * error answer, or an output that is not a `HookJSONOutput` for this event.
 */
export function readHookAnswer(
  event: string,
  answer: ClientAnswer,
  timeoutMs: number,
): HookRead | string {
  if (answer.outcome === 'error') return answer.message;
  if (answer.outcome !== 'answered')
    return answer.outcome === 'timeout' ? `no answer within ${timeoutMs / 1000} s` : {};
  return readHookOutput(event, answer.response);
}

/**
 * HK-03, HK-05: a hook's JSON output (a callback's answer, a command's stdout), parsed with core's
 * `hookOutputSchema`: a partial verdict, or the text of why it is not an output for `event`.
 */
export function readHookOutput(event: string, value: unknown): HookRead | string {
  if (asyncHookOutputSchema.safeParse(value).success) return {};
  const parsed = hookOutputSchema.safeParse(value);
  const specific = parsed.data?.hookSpecificOutput;
  if (!parsed.success || (specific !== undefined && specific.hookEventName !== event))
    return `invalid hook output: ${problemOf(parsed.error?.issues[0]?.path[0], event)}`;
  const output = parsed.data;
  const permission = specific?.permissionDecision;
  const decision =
    permission === 'defer'
      ? undefined
      : (permission ?? (output.decision === 'approve' ? 'allow' : undefined));
  const { updatedInput, additionalContext } = specific ?? {};
  return {
    decision,
    reason: specific?.permissionDecisionReason ?? output.reason,
    ...(updatedInput === undefined ? {} : { updatedInput }),
    additionalContext: additionalContext === undefined ? [] : [additionalContext],
    ...(output.decision === 'block' ? { block: output.reason ?? '' } : {}),
    ...(output.continue === false ? { stop: output.stopReason ?? '' } : {}),
    ...(output.systemMessage === undefined ? {} : { systemMessage: output.systemMessage }),
  };
}
