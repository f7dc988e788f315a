import { z } from 'zod';
import { usageSchema } from './conversation-messages.js';
import { amount, byName, byTag, jsonObject, object, strings, text } from './schema-kit.js';

/** Runtime schema of {@link ModelUsage}: cumulative usage of one model (`result.modelUsage`). */
export const modelUsageSchema = object({
  inputTokens: amount,
  outputTokens: amount,
  cacheReadInputTokens: amount,
  cacheCreationInputTokens: amount,
  webSearchRequests: amount,
  costUSD: amount,
  /** The model's context window, for ACP `usage_update.size`. */
  contextWindow: amount,
  maxOutputTokens: amount,
});

/** Runtime schema of {@link PermissionDenial}: a tool call the turn denied. */
export const permissionDenialSchema = object({
  tool_name: z.string(),
  tool_use_id: z.string(),
  tool_input: jsonObject,
});

/** The fields every `result` subtype shares (stream-json §4.4). */
const resultFields = {
  type: z.literal('result'),
  session_id: z.string(),
  uuid: text,
  /** True also on `success` when the turn ended on an API error. */
  is_error: z.boolean(),
  /** Last API stop reason, `null` after an interrupt; agentbridge adds `handshake_failed`, ... */
  stop_reason: z.string().nullable().optional(),
  terminal_reason: text,
  num_turns: amount,
  duration_ms: amount,
  duration_api_ms: amount,
  /** Cumulative for the process: take the latest, never sum. */
  total_cost_usd: amount,
  usage: usageSchema.optional(),
  modelUsage: byName(modelUsageSchema).optional(),
  permission_denials: z.array(permissionDenialSchema).optional(),
  structured_output: z.unknown().optional(),
  api_error_status: z.number().nullable().optional(),
  queued_turn_count: amount,
  result_index: amount,
  user_message_uuid: text,
  user_message_uuids: strings.optional(),
  fast_mode_state: text,
  ttft_ms: amount,
};

/** Runtime schemas of the `result` line that ends every turn, by `subtype`. */
export const resultMessageSchemas = byTag('subtype', [
  /** `result` is the text of the last assistant message (or the API error text). */
  object({ ...resultFields, subtype: z.literal('success'), result: z.string() }),
  /** A failed or interrupted turn; agentbridge also puts its error text in `result`. */
  object({
    ...resultFields,
    subtype: z.literal([
      'error_during_execution',
      'error_max_turns',
      'error_max_budget_usd',
      'error_max_structured_output_retries',
    ]),
    errors: strings.optional(),
    result: text,
  }),
]);

export type ModelUsage = z.output<typeof modelUsageSchema>;
export type PermissionDenial = z.output<typeof permissionDenialSchema>;
export type ResultSuccessMessage = z.output<typeof resultMessageSchemas.success>;
export type ResultErrorMessage = z.output<typeof resultMessageSchemas.error_during_execution>;
export type ResultMessage = ResultSuccessMessage | ResultErrorMessage;
