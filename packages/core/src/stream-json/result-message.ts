import { z } from 'zod';
import type { StopReason, Usage } from './anthropic-message.js';
import { usageSchema } from './anthropic-message.js';
import type { JsonObject, OpenString } from './json-object.js';

/** The error subtypes of `result`. */
export type ResultErrorSubtype =
  | 'error_during_execution'
  | 'error_max_turns'
  | 'error_max_budget_usd'
  | 'error_max_structured_output_retries';

/** How the turn ended, in more detail than `subtype`. */
export type TerminalReason = OpenString<
  | 'completed'
  | 'aborted_streaming'
  | 'aborted_tools'
  | 'max_turns'
  | 'budget_exhausted'
  | 'prompt_too_long'
  | 'api_error'
  | 'model_error'
  | 'image_error'
  | 'blocking_limit'
  | 'rapid_refill_breaker'
  | 'malformed_tool_use_exhausted'
  | 'stop_hook_prevented'
  | 'hook_stopped'
  | 'tool_deferred'
  | 'tool_deferred_unavailable'
  | 'background_requested'
  | 'structured_output_retry_exhausted'
  | 'turn_setup_failed'
>;

/** A tool call the turn denied. */
export type PermissionDenial = {
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly tool_input: JsonObject;
};

/** Cumulative usage of one model (`result.modelUsage[model]`). */
export type ModelUsage = {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cacheReadInputTokens?: number;
  readonly cacheCreationInputTokens?: number;
  readonly webSearchRequests?: number;
  readonly costUSD?: number;
  /** The model's context window, for ACP `usage_update.size`. */
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
} & JsonObject;

/** Fields shared by every `result` subtype (stream-json §4.4). */
export type ResultMessageFields = {
  readonly type: 'result';
  /** The CLI's session id. */
  readonly session_id: string;
  /** Id of this line. */
  readonly uuid?: string;
  /** True also on `success` when the turn ended on an API error. */
  readonly is_error: boolean;
  /** Last API stop reason; `null` after an interrupt. */
  readonly stop_reason?: StopReason | null;
  readonly terminal_reason?: TerminalReason;
  /** API round trips in this turn. */
  readonly num_turns?: number;
  readonly duration_ms?: number;
  readonly duration_api_ms?: number;
  /** Cumulative for the process: take the latest, never sum. */
  readonly total_cost_usd?: number;
  /** Main loop only, per turn. */
  readonly usage?: Usage;
  /** Cumulative per model, subagents included. */
  readonly modelUsage?: Readonly<Record<string, ModelUsage>>;
  readonly permission_denials?: readonly PermissionDenial[];
  readonly structured_output?: unknown;
  readonly api_error_status?: number | null;
  readonly queued_turn_count?: number;
  readonly result_index?: number;
  readonly user_message_uuid?: string;
  readonly user_message_uuids?: readonly string[];
  readonly fast_mode_state?: string;
  readonly ttft_ms?: number;
};

/** A turn that ran to its end. `result` is the text of the last assistant message. */
export type ResultSuccessMessage = ResultMessageFields & {
  readonly subtype: 'success';
  /** Text of the last assistant message (or the API error text when `is_error`). */
  readonly result: string;
};

/** A turn that failed or was interrupted (`error_during_execution` + `aborted_*`). */
export type ResultErrorMessage = ResultMessageFields & {
  readonly subtype: ResultErrorSubtype;
  /** Diagnostic strings (`[ede_diagnostic] ...`). */
  readonly errors?: readonly string[];
};

/** The one line that ends every turn. */
export type ResultMessage = ResultSuccessMessage | ResultErrorMessage;

const resultShape = {
  type: z.literal('result'),
  session_id: z.string(),
  uuid: z.string().optional(),
  is_error: z.boolean(),
  stop_reason: z.string().nullable().optional(),
  terminal_reason: z.string().optional(),
  num_turns: z.number().optional(),
  duration_ms: z.number().optional(),
  duration_api_ms: z.number().optional(),
  total_cost_usd: z.number().optional(),
  usage: usageSchema.optional(),
  modelUsage: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  permission_denials: z
    .array(
      z.looseObject({
        tool_name: z.string(),
        tool_use_id: z.string(),
        tool_input: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  structured_output: z.unknown().optional(),
  api_error_status: z.number().nullable().optional(),
  queued_turn_count: z.number().optional(),
  result_index: z.number().optional(),
  user_message_uuid: z.string().optional(),
  user_message_uuids: z.array(z.string()).optional(),
  fast_mode_state: z.string().optional(),
  ttft_ms: z.number().optional(),
};

/** Runtime schema of {@link ResultSuccessMessage}. */
export const resultSuccessMessageSchema: z.ZodType<ResultSuccessMessage> = z.looseObject({
  ...resultShape,
  subtype: z.literal('success'),
  result: z.string(),
});

const errorResult = (subtype: ResultErrorSubtype) =>
  z.looseObject({
    ...resultShape,
    subtype: z.literal(subtype),
    errors: z.array(z.string()).optional(),
  });

/** Runtime schema of each {@link ResultMessage}, keyed by `subtype`. */
export const resultMessageSchemas: Readonly<Record<string, z.ZodType>> = {
  success: resultSuccessMessageSchema,
  error_during_execution: errorResult(
    'error_during_execution',
  ) satisfies z.ZodType<ResultErrorMessage>,
  error_max_turns: errorResult('error_max_turns') satisfies z.ZodType<ResultErrorMessage>,
  error_max_budget_usd: errorResult('error_max_budget_usd') satisfies z.ZodType<ResultErrorMessage>,
  error_max_structured_output_retries: errorResult(
    'error_max_structured_output_retries',
  ) satisfies z.ZodType<ResultErrorMessage>,
};
