import { z } from 'zod';
import type { ContentBlock } from './content-blocks.js';
import { contentBlockSchema } from './content-blocks.js';
import type { JsonObject, OpenString } from './json-object.js';

/**
 * Token counts of one API response (Anthropic `BetaUsage`). Every field is optional because
 * `message_delta` carries only some of them; extra fields (`server_tool_use`, `service_tier`,
 * `cache_creation`, ...) are kept.
 */
export type Usage = {
  readonly input_tokens?: number | null;
  readonly output_tokens?: number | null;
  readonly cache_creation_input_tokens?: number | null;
  readonly cache_read_input_tokens?: number | null;
} & JsonObject;

/**
 * Why the model stopped: `end_turn`, `max_tokens`, `stop_sequence`, `tool_use`, `pause_turn`,
 * `compaction`, `refusal`, `model_context_window_exceeded`.
 */
export type StopReason = OpenString<
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'compaction'
  | 'refusal'
  | 'model_context_window_exceeded'
>;

/** The `message` of an `assistant` line (Anthropic `BetaMessage`). */
export type AssistantMessageBody = {
  /** API message id; several `assistant` lines share one (one line per content block). */
  readonly id: string;
  readonly type: 'message';
  readonly role: 'assistant';
  readonly model: string;
  readonly content: readonly ContentBlock[];
  /** `null` on `assistant` lines: the turn's stop reason is on `result`. */
  readonly stop_reason?: StopReason | null;
  readonly stop_sequence?: string | null;
  readonly usage?: Usage;
  readonly context_management?: JsonObject | null;
};

/** The `message` of a `user` line (Anthropic `MessageParam` with `role: 'user'`). */
export type UserMessageBody = {
  readonly role: 'user';
  /** A string, or blocks (`text`, `image`, `document`, `tool_result`, ...). */
  readonly content: string | readonly ContentBlock[];
};

/** Runtime schema of {@link Usage}. */
export const usageSchema: z.ZodType<Usage> = z.looseObject({
  input_tokens: z.number().nullable().optional(),
  output_tokens: z.number().nullable().optional(),
  cache_creation_input_tokens: z.number().nullable().optional(),
  cache_read_input_tokens: z.number().nullable().optional(),
});

/** Runtime schema of {@link AssistantMessageBody}. */
export const assistantMessageBodySchema: z.ZodType<AssistantMessageBody> = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(contentBlockSchema),
  stop_reason: z.string().nullable().optional(),
  stop_sequence: z.string().nullable().optional(),
  usage: usageSchema.optional(),
  context_management: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** Runtime schema of {@link UserMessageBody}. */
export const userMessageBodySchema: z.ZodType<UserMessageBody> = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(contentBlockSchema)]),
});
