import type { ContentBlock } from '@agentclientprotocol/sdk';

/** The agent's `promptCapabilities` (text and resource links always work). */
type PromptCapabilities = Readonly<Record<'image' | 'audio' | 'embeddedContext', boolean>>;

type Fields = { readonly [key: string]: unknown };
/** A Claude content block as the client sent it, read defensively. */
type ClaudeBlock = Fields & { readonly source?: Fields | null };

/**
 * PR-01: a Claude user message's `content` as ACP prompt blocks: base64 media only when the agent
 * accepts them (a text document falls back to text under its title), URLs as resource links;
 * whatever cannot go is named in `dropped` (for logs).
 */
export function toAcpPrompt(
  content: unknown,
  capabilities: PromptCapabilities,
): { blocks: ContentBlock[]; dropped: string[] } {
  const blocks: ContentBlock[] = [];
  const dropped: string[] = [];
  const list = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  let documents = 0;
  for (const block of Array.isArray(list) ? (list as unknown[]) : []) {
    if (typeof block !== 'object' || block === null) continue;
    const claude = block as ClaudeBlock;
    const index = claude.type === 'document' ? ++documents : 0;
    const translated = translateBlock(claude, capabilities, index);
    if (typeof translated === 'string') dropped.push(translated);
    else if (translated !== undefined) blocks.push(translated);
  }
  return { blocks, dropped };
}

/** The text blocks of a Claude `content`, concatenated without a separator (PR-03 replay echo). */
export function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as (ClaudeBlock | null)[])
    .map((block) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('');
}

/** One block's ACP block, or the name it is dropped under, or nothing (an empty text). */
function translateBlock(
  block: ClaudeBlock,
  capabilities: PromptCapabilities,
  documentIndex: number,
): ContentBlock | string | undefined {
  const source = block.source;
  const media = (fallback: string): string =>
    typeof source?.media_type === 'string' && source.media_type !== ''
      ? source.media_type
      : fallback;
  const url = source?.type === 'url' && typeof source.url === 'string' ? source.url : undefined;
  const data =
    source?.type === 'base64' && typeof source.data === 'string' ? source.data : undefined;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' && block.text !== ''
        ? { type: 'text', text: block.text }
        : undefined;
    case 'image':
      if (url !== undefined) return { type: 'resource_link', uri: url, name: url };
      return data !== undefined && capabilities.image
        ? { type: 'image', mimeType: media('image/png'), data }
        : 'image';
    case 'audio':
      return data !== undefined && capabilities.audio
        ? { type: 'audio', mimeType: media('audio/wav'), data }
        : 'audio';
    case 'document': {
      const title = typeof block.title === 'string' && block.title !== '' ? block.title : undefined;
      if (url !== undefined) return { type: 'resource_link', uri: url, name: title ?? url };
      const uri = `attachment:///${encodeURIComponent(title ?? `document-${documentIndex}`)}`;
      const text = documentText(source);
      if (text !== undefined && !capabilities.embeddedContext) {
        return { type: 'text', text: title === undefined ? text : `${title}\n\n${text}` };
      }
      const mimeType = media(text === undefined ? 'application/pdf' : 'text/plain');
      if (text !== undefined) return { type: 'resource', resource: { uri, mimeType, text } };
      if (data === undefined) return 'document';
      return capabilities.embeddedContext
        ? { type: 'resource', resource: { uri, mimeType, blob: data } }
        : `document (${mimeType})`;
    }
    default:
      return typeof block.type === 'string' ? block.type : 'unknown block';
  }
}

/** A document's text: a `text` source's data, or a `content` source's string or text blocks. */
function documentText(source: ClaudeBlock['source']): string | undefined {
  if (source?.type === 'text') return typeof source.data === 'string' ? source.data : undefined;
  if (source?.type !== 'content') return undefined;
  if (typeof source.content === 'string') return source.content;
  const text = userText(source.content);
  return text === '' ? undefined : text;
}
