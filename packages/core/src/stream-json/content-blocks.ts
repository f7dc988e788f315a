import { z } from 'zod';
import type { JsonObject } from './json-object.js';
import { jsonObjectSchema } from './json-object.js';
import { createTaggedUnionSchema, hasKnownTag } from './tagged-union-schema.js';

/** Plain text. `citations` appear when the model cites documents. */
export type TextBlock = {
  readonly type: 'text';
  /** The text; `''` on `content_block_start`, grown by `text_delta`s. */
  readonly text: string;
  /** Document citations backing this text, if any. */
  readonly citations?: readonly unknown[] | null;
};

/**
 * Where an image or document comes from: `{type:'base64', media_type, data}`, `{type:'url', url}`,
 * `{type:'text', media_type, data}` (documents), `{type:'file', file_id}`, ... Kept whole.
 */
export type MediaSource = { readonly type: string } & JsonObject;

/** An image (user content, tool results). */
export type ImageBlock = {
  readonly type: 'image';
  readonly source: MediaSource;
};

/** A document (PDF, plain text) attached to user content. */
export type DocumentBlock = {
  readonly type: 'document';
  readonly source: MediaSource;
  readonly title?: string | null;
  readonly context?: string | null;
  readonly citations?: JsonObject | null;
};

/** The model calls a tool. `id` is what `tool_result.tool_use_id` and `can_use_tool` refer to. */
export type ToolUseBlock = {
  readonly type: 'tool_use';
  /** `toolu_…` id, unique within the session. */
  readonly id: string;
  /** Tool name as the model calls it (`Bash`, `mcp__server__tool`). */
  readonly name: string;
  /** Tool arguments; `{}` on `content_block_start`, filled by `input_json_delta`s. */
  readonly input: JsonObject;
};

/** A block allowed inside `tool_result.content`. */
export type ToolResultContentBlock = TextBlock | ImageBlock | DocumentBlock | UnknownContentBlock;

/** The outcome of a tool call, sent back as user content. */
export type ToolResultBlock = {
  readonly type: 'tool_result';
  /** The {@link ToolUseBlock.id} this answers. */
  readonly tool_use_id: string;
  /** What the model sees: text, or blocks (text, images). */
  readonly content?: string | readonly ToolResultContentBlock[];
  /** True when the tool failed or was denied. */
  readonly is_error?: boolean;
};

/** Extended thinking. `signature` is opaque and must be sent back unchanged. */
export type ThinkingBlock = {
  readonly type: 'thinking';
  readonly thinking: string;
  readonly signature: string;
};

/** Thinking the API returned encrypted. */
export type RedactedThinkingBlock = {
  readonly type: 'redacted_thinking';
  readonly data: string;
};

/**
 * A block type this package does not model (`server_tool_use`, `web_search_tool_result`,
 * `mcp_tool_use`, `container_upload`, ...), kept whole. Use {@link isKnownContentBlock} to narrow
 * a {@link ContentBlock} to the modelled variants.
 */
export type UnknownContentBlock = { readonly type: string } & JsonObject;

/** The content blocks this package models. */
export type KnownContentBlock =
  | TextBlock
  | ImageBlock
  | DocumentBlock
  | ToolUseBlock
  | ToolResultBlock
  | ThinkingBlock
  | RedactedThinkingBlock;

/** Any Claude content block (Anthropic `ContentBlockParam` / `BetaContentBlock`). */
export type ContentBlock = KnownContentBlock | UnknownContentBlock;

/** Runtime schema of {@link MediaSource}. */
export const mediaSourceSchema: z.ZodType<MediaSource> = z.looseObject({ type: z.string() });

/** Runtime schema of {@link TextBlock}. */
export const textBlockSchema: z.ZodType<TextBlock> = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(z.unknown()).nullable().optional(),
});

/** Runtime schema of {@link ImageBlock}. */
export const imageBlockSchema: z.ZodType<ImageBlock> = z.looseObject({
  type: z.literal('image'),
  source: mediaSourceSchema,
});

/** Runtime schema of {@link DocumentBlock}. */
export const documentBlockSchema: z.ZodType<DocumentBlock> = z.looseObject({
  type: z.literal('document'),
  source: mediaSourceSchema,
  title: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  citations: jsonObjectSchema.nullable().optional(),
});

/** Runtime schema of {@link ToolUseBlock}. */
export const toolUseBlockSchema: z.ZodType<ToolUseBlock> = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: jsonObjectSchema,
});

/** Runtime schema of {@link ToolResultContentBlock}: modelled blocks checked, others kept. */
export const toolResultContentBlockSchema = createTaggedUnionSchema<ToolResultContentBlock>({
  key: 'type',
  variants: { text: textBlockSchema, image: imageBlockSchema, document: documentBlockSchema },
  unknownTags: 'accept',
});

/** Runtime schema of {@link ToolResultBlock}. */
export const toolResultBlockSchema: z.ZodType<ToolResultBlock> = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(toolResultContentBlockSchema)]).optional(),
  is_error: z.boolean().optional(),
});

/** Runtime schema of {@link ThinkingBlock}. */
export const thinkingBlockSchema: z.ZodType<ThinkingBlock> = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

/** Runtime schema of {@link RedactedThinkingBlock}. */
export const redactedThinkingBlockSchema: z.ZodType<RedactedThinkingBlock> = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

const contentBlockVariants = {
  text: textBlockSchema,
  image: imageBlockSchema,
  document: documentBlockSchema,
  tool_use: toolUseBlockSchema,
  tool_result: toolResultBlockSchema,
  thinking: thinkingBlockSchema,
  redacted_thinking: redactedThinkingBlockSchema,
};

const knownContentBlockTypes: ReadonlySet<string> = new Set(Object.keys(contentBlockVariants));

/**
 * Runtime schema of {@link ContentBlock}: a modelled `type` must have its shape, any other `type`
 * is kept as an {@link UnknownContentBlock}.
 */
export const contentBlockSchema = createTaggedUnionSchema<ContentBlock>({
  key: 'type',
  variants: contentBlockVariants,
  unknownTags: 'accept',
});

/** Whether `block` is one of the modelled variants (narrows away {@link UnknownContentBlock}). */
export function isKnownContentBlock(block: ContentBlock): block is KnownContentBlock {
  return hasKnownTag(block, 'type', knownContentBlockTypes);
}
