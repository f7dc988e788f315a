import type { ContentBlock } from '@agentclientprotocol/sdk';

/** One ACP prompt content block. */
export type AcpContentBlock = ContentBlock;

/** The agent's `promptCapabilities` (all default to false; text and resource links always work). */
export type PromptCapabilities = {
  readonly image: boolean;
  readonly audio: boolean;
  readonly embeddedContext: boolean;
};

/** The translated prompt and what could not be sent. */
export type AcpPrompt = {
  readonly blocks: AcpContentBlock[];
  /** One short description per dropped block (`image`, `document (application/pdf)`, `tool_result`), for logs. */
  readonly dropped: string[];
};

/**
 * Translates a Claude user message's `content` into ACP prompt blocks (PR-01, extended):
 *
 * - a string → one `text` block; `text` blocks → `text` (empty ones skipped);
 * - `image` (base64 source) → `image` when the agent accepts images, else dropped; an image by
 *   URL → a `resource_link`;
 * - `document` with a text source (or `content` source of text blocks) → an embedded text
 *   `resource` when the agent accepts embedded context, else a `text` block headed by its title;
 *   a base64 document (PDF) → a `resource` blob when embedded context is accepted, else dropped;
 *   a URL document → a `resource_link`;
 * - `audio` (base64 source) → `audio` when accepted, else dropped;
 * - any other block (`tool_result`, `thinking`, ...) is dropped.
 */
export function toAcpPrompt(content: unknown, capabilities: PromptCapabilities): AcpPrompt {
  const blocks: AcpContentBlock[] = [];
  const dropped: string[] = [];
  if (typeof content === 'string') {
    if (content !== '') blocks.push({ type: 'text', text: content });
    return { blocks, dropped };
  }
  if (!Array.isArray(content)) return { blocks, dropped };
  let documentIndex = 0;
  for (const entry of content) {
    if (typeof entry !== 'object' || entry === null) continue;
    const block = entry as Record<string, unknown>;
    const source = asRecord(block.source);
    switch (block.type) {
      case 'text':
        if (typeof block.text === 'string' && block.text !== '') {
          blocks.push({ type: 'text', text: block.text });
        }
        break;
      case 'image':
        if (source?.type === 'url' && typeof source.url === 'string') {
          blocks.push({ type: 'resource_link', uri: source.url, name: source.url });
        } else if (source?.type === 'base64' && typeof source.data === 'string') {
          if (capabilities.image) {
            blocks.push({
              type: 'image',
              mimeType: mediaType(source, 'image/png'),
              data: source.data,
            });
          } else {
            dropped.push('image');
          }
        } else {
          dropped.push('image');
        }
        break;
      case 'audio':
        if (capabilities.audio && source?.type === 'base64' && typeof source.data === 'string') {
          blocks.push({
            type: 'audio',
            mimeType: mediaType(source, 'audio/wav'),
            data: source.data,
          });
        } else {
          dropped.push('audio');
        }
        break;
      case 'document': {
        documentIndex += 1;
        const translated = documentBlock(block, source, documentIndex, capabilities);
        if (typeof translated === 'string') dropped.push(translated);
        else blocks.push(translated);
        break;
      }
      default:
        dropped.push(typeof block.type === 'string' ? block.type : 'unknown block');
        break;
    }
  }
  return { blocks, dropped };
}

/**
 * The concatenated text blocks of a Claude user message, no separator (the PR-03 replay echo).
 * A string content is returned as is.
 */
export function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const block of content) {
    if (typeof block !== 'object' || block === null) continue;
    const record = block as Record<string, unknown>;
    if (record.type === 'text' && typeof record.text === 'string') text += record.text;
  }
  return text;
}

function documentBlock(
  block: Record<string, unknown>,
  source: Record<string, unknown> | undefined,
  index: number,
  capabilities: PromptCapabilities,
): AcpContentBlock | string {
  const title = typeof block.title === 'string' && block.title !== '' ? block.title : undefined;
  const uri = `attachment:///${encodeURIComponent(title ?? `document-${index}`)}`;
  if (source?.type === 'url' && typeof source.url === 'string') {
    return { type: 'resource_link', uri: source.url, name: title ?? source.url };
  }
  const text = documentText(source);
  if (text !== undefined) {
    const mimeType = mediaType(source ?? {}, 'text/plain');
    if (capabilities.embeddedContext) {
      return { type: 'resource', resource: { uri, mimeType, text } };
    }
    return { type: 'text', text: title === undefined ? text : `${title}\n\n${text}` };
  }
  if (source?.type === 'base64' && typeof source.data === 'string') {
    const mimeType = mediaType(source, 'application/pdf');
    if (capabilities.embeddedContext) {
      return { type: 'resource', resource: { uri, mimeType, blob: source.data } };
    }
    return `document (${mimeType})`;
  }
  return 'document';
}

function documentText(source: Record<string, unknown> | undefined): string | undefined {
  if (source === undefined) return undefined;
  if (source.type === 'text' && typeof source.data === 'string') return source.data;
  if (source.type === 'content') {
    if (typeof source.content === 'string') return source.content;
    if (Array.isArray(source.content)) {
      const text = userText(source.content);
      return text === '' ? undefined : text;
    }
  }
  return undefined;
}

function mediaType(source: Record<string, unknown>, fallback: string): string {
  return typeof source.media_type === 'string' && source.media_type !== ''
    ? source.media_type
    : fallback;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
