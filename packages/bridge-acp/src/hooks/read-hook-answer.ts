import { isRecord } from '@agentbridge/core/contracts';
import type { ClientAnswer } from '../north/client-request-channel.js';
import type { HookVerdict } from './hook-verdict.js';

/** What one hook's output decided (a partial verdict), with its `systemMessage`. */
export type HookRead = Partial<HookVerdict> & { readonly systemMessage?: string };

const decisions = ['allow', 'deny', 'ask', 'defer'];

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
