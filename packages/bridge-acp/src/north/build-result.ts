import type { PermissionDenial, ResultMessage } from '@agentbridge/core/contracts';
import type { ResultUsage } from '../usage/usage-ledger.js';

/** How a client turn ended: each ending has its own `subtype`, `stop_reason` and `terminal_reason`. */
export type TurnEnding =
  /** `session/prompt` answered `stopReason` (`end_turn`, `max_tokens`, `refusal`, ...). */
  | {
      readonly kind: 'completed';
      readonly stopReason: string;
      /** SO-02: the turn's structured output (`result` is then its JSON text). */
      readonly structuredOutput?: unknown;
    }
  /** The client interrupted (C-01, PM-06); `duringTools` when a permission was pending. */
  | { readonly kind: 'cancelled'; readonly duringTools: boolean }
  /** `session/prompt` failed; `errorText` is the A-08 text. */
  | { readonly kind: 'prompt-error'; readonly errorText: string }
  /** H-20: the handshake failed with `reason`. */
  | { readonly kind: 'handshake-failed'; readonly reason: string }
  /** PR-05: no session could be opened for the message. */
  | { readonly kind: 'no-session'; readonly reason?: string }
  /** the agent process exited mid-turn; `reason` names the exit and the stderr tail. */
  | { readonly kind: 'agent-exited'; readonly reason?: string }
  /** PR-02 gap fix: the user message had nothing the agent can take. */
  | { readonly kind: 'empty-message' }
  /** The bridge stopped the turn: a limit (LM-xx), a hook (HK-xx), a denied tool that ran unasked. */
  | {
      readonly kind: 'stopped';
      readonly subtype: ResultMessage['subtype'];
      /** The `errors` entry (none for `success`, whose `result` is the last text). */
      readonly errorText: string;
      readonly stopReason: string | null;
      readonly terminalReason: string;
    };

/** Input of {@link buildResult}. */
export type ResultFields = {
  readonly sessionId: string;
  readonly uuid: string;
  readonly ending: TurnEnding;
  /** The last assistant text of the turn (`TurnStream.lastText()`). */
  readonly lastText?: string;
  readonly durationMs: number;
  /** Agent prompt round trips in this turn (folded prompts count each); default 1. */
  readonly numTurns?: number;
  readonly usage: ResultUsage;
  readonly permissionDenials?: readonly PermissionDenial[];
};

/** Fixed texts of the error endings (neutral wording). */
export const resultTexts = {
  refusal: 'The agent refused to continue.',
  interrupted: '[Request interrupted by user]',
  noSession: 'No ACP session is open; the message was not sent.',
  agentExited: 'The agent process exited mid-turn.',
  emptyMessage: 'The message had no content the agent can take; nothing was sent.',
} as const;

type Outcome = {
  readonly subtype: ResultMessage['subtype'];
  /** Absent after an interrupt, as the real CLI writes it. */
  readonly result?: string;
  readonly errors?: string[];
  readonly stopReason: string | null;
  readonly terminalReason: string;
};

/** An error ending whose `result` and `errors` carry the same text. */
const failed = (text: string, stopReason: string | null, terminalReason: string): Outcome => ({
  subtype: 'error_during_execution',
  result: text,
  errors: [text],
  stopReason,
  terminalReason,
});

function outcomeOf(ending: TurnEnding, lastText: string): Outcome {
  switch (ending.kind) {
    case 'completed': {
      const stopReason = ending.stopReason === '' ? 'end_turn' : ending.stopReason;
      if (stopReason === 'refusal') return failed(resultTexts.refusal, stopReason, 'model_error');
      if (stopReason === 'max_turn_requests')
        return {
          subtype: 'error_max_turns',
          result: lastText,
          errors: [`Reached the agent's maximum number of turns (${stopReason}).`],
          stopReason,
          terminalReason: 'max_turns',
        };
      if (stopReason === 'cancelled')
        return outcomeOf({ kind: 'cancelled', duringTools: false }, lastText);
      const result =
        ending.structuredOutput === undefined ? lastText : JSON.stringify(ending.structuredOutput);
      return { subtype: 'success', result, stopReason, terminalReason: 'completed' };
    }
    case 'cancelled':
      return {
        subtype: 'error_during_execution',
        errors: [resultTexts.interrupted],
        stopReason: ending.duringTools ? 'tool_use' : null,
        terminalReason: ending.duringTools ? 'aborted_tools' : 'aborted_streaming',
      };
    case 'prompt-error':
      return failed(ending.errorText, null, 'model_error');
    case 'handshake-failed':
      return failed(ending.reason, 'handshake_failed', 'turn_setup_failed');
    case 'no-session':
      return failed(ending.reason ?? resultTexts.noSession, 'no_session', 'turn_setup_failed');
    case 'agent-exited':
      return failed(ending.reason ?? resultTexts.agentExited, 'process_exited', 'model_error');
    case 'empty-message':
      return failed(resultTexts.emptyMessage, null, 'turn_setup_failed');
    case 'stopped': {
      const { subtype, stopReason, terminalReason } = ending;
      const detail = subtype === 'success' ? { result: lastText } : { errors: [ending.errorText] };
      return { subtype, ...detail, stopReason, terminalReason };
    }
  }
}

/**
 * R-01..R-04: the one `result` line that ends a client turn, with the real CLI's field set. Success
 * carries the last assistant text; error subtypes carry `errors` (and the same text in `result`).
 * An interrupt ends `error_during_execution` with `aborted_streaming` (stop reason `null`) or
 * `aborted_tools` (`tool_use`).
 */
export function buildResult(fields: ResultFields): ResultMessage {
  const { ending } = fields;
  const outcome = outcomeOf(ending, fields.lastText ?? '');
  return {
    type: 'result',
    subtype: outcome.subtype,
    is_error: outcome.subtype !== 'success',
    duration_ms: fields.durationMs,
    duration_api_ms: fields.durationMs,
    num_turns: fields.numTurns ?? 1,
    ...(outcome.result === undefined ? {} : { result: outcome.result }),
    stop_reason: outcome.stopReason,
    session_id: fields.sessionId,
    total_cost_usd: fields.usage.total_cost_usd,
    usage: fields.usage.usage,
    modelUsage: fields.usage.modelUsage,
    permission_denials: (fields.permissionDenials ?? []).map((denial) => ({ ...denial })),
    terminal_reason: outcome.terminalReason,
    ...(ending.kind === 'completed' && ending.structuredOutput !== undefined
      ? { structured_output: ending.structuredOutput }
      : {}),
    uuid: fields.uuid,
    ...(outcome.errors === undefined ? {} : { errors: outcome.errors }),
  } as ResultMessage;
}
