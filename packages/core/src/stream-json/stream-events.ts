import { z } from 'zod';
import { contentBlockSchema } from './content-blocks.js';
import { assistantMessageBodySchema, usageSchema } from './conversation-messages.js';
import type { OutputOf } from './schema-kit.js';
import { amount, byTag, isModelled, jsonObject, object, openUnion, text } from './schema-kit.js';

/** Runtime schemas of the modelled `delta`s of a `content_block_delta` event, by `type`. */
export const contentBlockDeltaSchemas = byTag('type', [
  object({ type: z.literal('text_delta'), text: z.string() }),
  object({ type: z.literal('thinking_delta'), thinking: z.string(), estimated_tokens: amount }),
  object({ type: z.literal('signature_delta'), signature: z.string() }),
  /** Fragments of a `tool_use` input; they concatenate to the input JSON. */
  object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  object({ type: z.literal('citations_delta'), citation: jsonObject }),
]);

/** Runtime schema of {@link ContentBlockDelta}: modelled types checked, others kept. */
export const contentBlockDeltaSchema = openUnion('type', contentBlockDeltaSchemas);

const index = z.number().int().nonnegative();

/** Runtime schemas of the modelled raw stream events (Anthropic `BetaRawMessageStreamEvent`). */
export const streamEventSchemas = byTag('type', [
  object({ type: z.literal('message_start'), message: assistantMessageBodySchema }),
  object({ type: z.literal('content_block_start'), index, content_block: contentBlockSchema }),
  object({ type: z.literal('content_block_delta'), index, delta: contentBlockDeltaSchema }),
  object({ type: z.literal('content_block_stop'), index }),
  object({
    type: z.literal('message_delta'),
    delta: object({
      stop_reason: z.string().nullable().optional(),
      stop_sequence: z.string().nullable().optional(),
    }),
    usage: usageSchema.optional(),
    context_management: jsonObject.nullable().optional(),
  }),
  object({ type: z.literal('message_stop') }),
]);

/** Runtime schema of {@link StreamEvent}: modelled types checked, others (`ping`, ...) kept. */
export const streamEventSchema = openUnion('type', streamEventSchemas);

/** Runtime schema of {@link StreamEventMessage} (only with `--include-partial-messages`). */
export const streamEventMessageSchema = object({
  type: z.literal('stream_event'),
  event: streamEventSchema,
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
  uuid: text,
  ttft_ms: amount,
  api_message_id: text,
  thinking_display: text,
  abandoned_blocks: z.unknown().optional(),
});

export type KnownContentBlockDelta = OutputOf<typeof contentBlockDeltaSchemas>;
export type ContentBlockDelta = z.output<typeof contentBlockDeltaSchema>;
export type KnownStreamEvent = OutputOf<typeof streamEventSchemas>;
export type StreamEvent = z.output<typeof streamEventSchema>;
export type StreamEventMessage = z.output<typeof streamEventMessageSchema>;

export const isKnownContentBlockDelta =
  isModelled<KnownContentBlockDelta>(contentBlockDeltaSchemas);
export const isKnownStreamEvent = isModelled<KnownStreamEvent>(streamEventSchemas);
