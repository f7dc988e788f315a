import { z } from 'zod';
import type { OutputOf } from './schema-kit.js';
import { byTag, flag, isModelled, jsonObject, object, openUnion } from './schema-kit.js';

/** Where an image or document comes from (`base64`, `url`, `text`, `file`, ...), kept whole. */
const mediaSource = z.looseObject({ type: z.string() });

const textCitations = z.array(z.unknown()).nullable().optional();
const textBlock = object({ type: z.literal('text'), text: z.string(), citations: textCitations });
const imageBlock = object({ type: z.literal('image'), source: mediaSource });
const documentBlock = object({
  type: z.literal('document'),
  source: mediaSource,
  title: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  citations: jsonObject.nullable().optional(),
});

/** Runtime schema of a block inside `tool_result.content`: modelled blocks checked, others kept. */
export const toolResultContentBlockSchema = openUnion(
  'type',
  byTag('type', [textBlock, imageBlock, documentBlock]),
);

/** Runtime schemas of the modelled content blocks (Anthropic `ContentBlockParam`), by `type`. */
export const contentBlockSchemas = byTag('type', [
  textBlock,
  imageBlock,
  documentBlock,
  object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: jsonObject }),
  object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(toolResultContentBlockSchema)]).optional(),
    is_error: flag,
  }),
  object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  object({ type: z.literal('redacted_thinking'), data: z.string() }),
]);

/** Runtime schema of {@link ContentBlock}: a modelled `type` must have its shape, others are kept. */
export const contentBlockSchema = openUnion('type', contentBlockSchemas);

type Schemas = typeof contentBlockSchemas;
export type TextBlock = z.output<Schemas['text']>;
export type ImageBlock = z.output<Schemas['image']>;
/** The model calls a tool; `id` is what `tool_result.tool_use_id` and `can_use_tool` refer to. */
export type ToolUseBlock = z.output<Schemas['tool_use']>;
export type ToolResultBlock = z.output<Schemas['tool_result']>;
/** Extended thinking; `signature` is opaque and must be sent back unchanged. */
export type ThinkingBlock = z.output<Schemas['thinking']>;
export type KnownContentBlock = OutputOf<Schemas>;
/** Any content block; narrow with {@link isKnownContentBlock} before switching on `type`. */
export type ContentBlock = z.output<typeof contentBlockSchema>;

export const isKnownContentBlock = isModelled<KnownContentBlock>(contentBlockSchemas);
