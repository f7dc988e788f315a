import type { ContentBlock } from '@agentclientprotocol/sdk';

/**
 * The text of an ACP content block (N-10): its text, a link's `uri`, an embedded resource's text
 * (else its `uri`), `[image]`, `[audio]`; `''` for other types, `undefined` for a non-object.
 */
export function contentBlockText(block: ContentBlock | null | undefined): string | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  if (block.type === 'text') return text(block.text);
  if (block.type === 'resource_link') return text(block.uri);
  if (block.type === 'image' || block.type === 'audio') return `[${block.type}]`;
  if (block.type !== 'resource') return '';
  const resource: { readonly text?: unknown; readonly uri?: unknown } | null = block.resource;
  return typeof resource?.text === 'string' ? resource.text : text(resource?.uri);
}
