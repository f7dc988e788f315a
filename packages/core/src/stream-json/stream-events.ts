import { z } from 'zod';
import type { AssistantMessageBody, StopReason, Usage } from './anthropic-message.js';
import { assistantMessageBodySchema, usageSchema } from './anthropic-message.js';
import type { ContentBlock } from './content-blocks.js';
import { contentBlockSchema } from './content-blocks.js';
import type { JsonObject } from './json-object.js';
import { createTaggedUnionSchema, hasKnownTag } from './tagged-union-schema.js';

/** Starts an API response: `message.content` is empty. */
export type MessageStartEvent = {
  readonly type: 'message_start';
  readonly message: AssistantMessageBody;
};

/** Starts content block `index` (`text` with `text:''`, `thinking`, `tool_use` with `input:{}`, ...). */
export type ContentBlockStartEvent = {
  readonly type: 'content_block_start';
  readonly index: number;
  readonly content_block: ContentBlock;
};

/** Appends text to a `text` block. */
export type TextDelta = { readonly type: 'text_delta'; readonly text: string };

/** Appends thinking to a `thinking` block. */
export type ThinkingDelta = {
  readonly type: 'thinking_delta';
  readonly thinking: string;
  readonly estimated_tokens?: number;
};

/** Sets the signature of a `thinking` block. */
export type SignatureDelta = { readonly type: 'signature_delta'; readonly signature: string };

/** A fragment of a `tool_use` input; fragments concatenate to the input JSON. */
export type InputJsonDelta = { readonly type: 'input_json_delta'; readonly partial_json: string };

/** Adds a citation to a `text` block. */
export type CitationsDelta = { readonly type: 'citations_delta'; readonly citation: JsonObject };

/** A delta type this package does not model, kept whole. */
export type UnknownContentBlockDelta = { readonly type: string } & JsonObject;

/** The modelled deltas. */
export type KnownContentBlockDelta =
  | TextDelta
  | ThinkingDelta
  | SignatureDelta
  | InputJsonDelta
  | CitationsDelta;

/** The `delta` of a `content_block_delta` event. */
export type ContentBlockDelta = KnownContentBlockDelta | UnknownContentBlockDelta;

/** Extends content block `index`. */
export type ContentBlockDeltaEvent = {
  readonly type: 'content_block_delta';
  readonly index: number;
  readonly delta: ContentBlockDelta;
};

/** Ends content block `index`. */
export type ContentBlockStopEvent = {
  readonly type: 'content_block_stop';
  readonly index: number;
};

/** Top-level changes at the end of a response: the stop reason and final output tokens. */
export type MessageDeltaEvent = {
  readonly type: 'message_delta';
  readonly delta: {
    readonly stop_reason?: StopReason | null;
    readonly stop_sequence?: string | null;
    readonly stop_details?: unknown;
    readonly container?: unknown;
  };
  readonly usage?: Usage;
  readonly context_management?: JsonObject | null;
};

/** Ends an API response. */
export type MessageStopEvent = { readonly type: 'message_stop' };

/** An event type this package does not model (`ping`, `error`, ...), kept whole. */
export type UnknownStreamEvent = { readonly type: string } & JsonObject;

/** The modelled raw stream events (Anthropic `BetaRawMessageStreamEvent`). */
export type KnownStreamEvent =
  | MessageStartEvent
  | ContentBlockStartEvent
  | ContentBlockDeltaEvent
  | ContentBlockStopEvent
  | MessageDeltaEvent
  | MessageStopEvent;

/** The `event` of a `stream_event` line. */
export type StreamEvent = KnownStreamEvent | UnknownStreamEvent;

/**
 * A raw Anthropic stream event (only with `--include-partial-messages`). The complete `assistant`
 * line of a block comes after its last delta and before its `content_block_stop`.
 */
export type StreamEventMessage = {
  readonly type: 'stream_event';
  /** The raw Anthropic event. */
  readonly event: StreamEvent;
  /** `null` for the main conversation; the `Task`/`Agent` tool_use id for subagents. */
  readonly parent_tool_use_id: string | null;
  /** The CLI's session id. */
  readonly session_id: string;
  /** Id of this line. */
  readonly uuid?: string;
  /** Time to first token, on `message_start`. */
  readonly ttft_ms?: number;
  readonly api_message_id?: string;
  readonly thinking_display?: string;
  /** On the `message_stop` of an interrupted stream. */
  readonly abandoned_blocks?: unknown;
};

const deltaVariants = {
  text_delta: z.looseObject({
    type: z.literal('text_delta'),
    text: z.string(),
  }) satisfies z.ZodType<TextDelta>,
  thinking_delta: z.looseObject({
    type: z.literal('thinking_delta'),
    thinking: z.string(),
    estimated_tokens: z.number().optional(),
  }) satisfies z.ZodType<ThinkingDelta>,
  signature_delta: z.looseObject({
    type: z.literal('signature_delta'),
    signature: z.string(),
  }) satisfies z.ZodType<SignatureDelta>,
  input_json_delta: z.looseObject({
    type: z.literal('input_json_delta'),
    partial_json: z.string(),
  }) satisfies z.ZodType<InputJsonDelta>,
  citations_delta: z.looseObject({
    type: z.literal('citations_delta'),
    citation: z.record(z.string(), z.unknown()),
  }) satisfies z.ZodType<CitationsDelta>,
};

const knownDeltaTypes: ReadonlySet<string> = new Set(Object.keys(deltaVariants));

/** Runtime schema of {@link ContentBlockDelta}: modelled types checked, others kept. */
export const contentBlockDeltaSchema = createTaggedUnionSchema<ContentBlockDelta>({
  key: 'type',
  variants: deltaVariants,
  unknownTags: 'accept',
});

/** Whether `delta` is one of the modelled variants. */
export function isKnownContentBlockDelta(
  delta: ContentBlockDelta,
): delta is KnownContentBlockDelta {
  return hasKnownTag(delta, 'type', knownDeltaTypes);
}

const index = z.number().int().nonnegative();

const streamEventVariants = {
  message_start: z.looseObject({
    type: z.literal('message_start'),
    message: assistantMessageBodySchema,
  }) satisfies z.ZodType<MessageStartEvent>,
  content_block_start: z.looseObject({
    type: z.literal('content_block_start'),
    index,
    content_block: contentBlockSchema,
  }) satisfies z.ZodType<ContentBlockStartEvent>,
  content_block_delta: z.looseObject({
    type: z.literal('content_block_delta'),
    index,
    delta: contentBlockDeltaSchema,
  }) satisfies z.ZodType<ContentBlockDeltaEvent>,
  content_block_stop: z.looseObject({
    type: z.literal('content_block_stop'),
    index,
  }) satisfies z.ZodType<ContentBlockStopEvent>,
  message_delta: z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({
      stop_reason: z.string().nullable().optional(),
      stop_sequence: z.string().nullable().optional(),
    }),
    usage: usageSchema.optional(),
    context_management: z.record(z.string(), z.unknown()).nullable().optional(),
  }) satisfies z.ZodType<MessageDeltaEvent>,
  message_stop: z.looseObject({
    type: z.literal('message_stop'),
  }) satisfies z.ZodType<MessageStopEvent>,
};

const knownStreamEventTypes: ReadonlySet<string> = new Set(Object.keys(streamEventVariants));

/** Runtime schema of {@link StreamEvent}: modelled types checked, others kept. */
export const streamEventSchema = createTaggedUnionSchema<StreamEvent>({
  key: 'type',
  variants: streamEventVariants,
  unknownTags: 'accept',
});

/** Whether `event` is one of the modelled variants. */
export function isKnownStreamEvent(event: StreamEvent): event is KnownStreamEvent {
  return hasKnownTag(event, 'type', knownStreamEventTypes);
}

/** Runtime schema of {@link StreamEventMessage}. */
export const streamEventMessageSchema: z.ZodType<StreamEventMessage> = z.looseObject({
  type: z.literal('stream_event'),
  event: streamEventSchema,
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
  uuid: z.string().optional(),
  ttft_ms: z.number().optional(),
  api_message_id: z.string().optional(),
  thinking_display: z.string().optional(),
  abandoned_blocks: z.unknown().optional(),
});
