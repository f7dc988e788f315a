import type { ContentBlock, Diff, ToolCallContent } from '@agentclientprotocol/sdk';
import { contentBlockText } from '../content/content-block-text.js';
import { mcpToolResult } from '../json-rpc/agent-schemas.js';

/** A Claude base64 image block, as `tool_result` content carries it. */
type ClaudeImageBlock = {
  readonly type: 'image';
  readonly source: { readonly type: 'base64'; readonly media_type: string; readonly data: string };
};

/** What a tool call produced so far: text lines and pictures (T-20..T-22). */
export type ToolOutput = { readonly text: string; readonly images: readonly ClaudeImageBlock[] };

/** T-22: at most 4 pictures in one result, each at most 8 MiB of base64; others read `[image]`. */
const maxImages = 4;
const maxBase64Chars = 8 * 1024 * 1024;

/**
 * The output of a frame's ACP `content` (T-20, T-22), replacing the previous one (gap fix: the
 * seed appended): blocks as N-10 text or pictures, diffs (`--- old` only when there was an old
 * text), `[terminal <id>]`; non-empty lines joined with `\n`.
 */
export function toolOutputFromContent(
  content: readonly ToolCallContent[] | null | undefined,
): ToolOutput {
  const blocks = (Array.isArray(content) ? content : []).map((item): unknown => {
    if (item?.type === 'content') return item.content;
    if (item?.type === 'diff') return { type: 'text', text: diffText(item) };
    if (item?.type !== 'terminal' || typeof item.terminalId !== 'string') return undefined;
    return { type: 'text', text: `[terminal ${item.terminalId}]` };
  });
  return outputOfBlocks(blocks);
}

/**
 * The output of `rawOutput` (T-21), for a call whose `content` gave nothing: an MCP result
 * (`{result:{content}}`, `{content}`, or the bare block list a tool_result holds) gives its
 * pictures and text when it yields any; else a string verbatim, any other value as compact JSON;
 * `null` and `undefined` nothing.
 */
export function toolOutputFromRawOutput(rawOutput: unknown): ToolOutput {
  if (rawOutput === undefined || rawOutput === null) return { text: '', images: [] };
  if (typeof rawOutput === 'string') return { text: rawOutput, images: [] };
  const result = mcpToolResult.parse(rawOutput);
  const nested = result?.result?.content;
  const blocks = Array.isArray(rawOutput)
    ? rawOutput
    : Array.isArray(nested)
      ? nested
      : result?.content;
  if (Array.isArray(blocks)) {
    const output = outputOfBlocks(blocks);
    if (output.text !== '' || output.images.length > 0) return output;
  }
  return { text: JSON.stringify(rawOutput) ?? '', images: [] };
}

/**
 * The `tool_result.content` of an output (T-30): the text as a string without pictures, else
 * `[{type:"text"}?, ...pictures]` (a text block only when there is text).
 */
export function toolResultContent(
  output: ToolOutput,
): string | (ClaudeImageBlock | { readonly type: 'text'; readonly text: string })[] {
  if (output.images.length === 0) return output.text;
  return [
    ...(output.text === '' ? [] : [{ type: 'text', text: output.text } as const]),
    ...output.images,
  ];
}

function diffText(diff: Diff): string {
  const path = typeof diff.path === 'string' ? diff.path : '';
  const newText = typeof diff.newText === 'string' ? diff.newText : '';
  const oldPart = typeof diff.oldText === 'string' ? `\n--- old\n${diff.oldText}` : '';
  return `diff ${path}${oldPart}\n+++ new\n${newText}`;
}

/** ACP content blocks as N-10 text lines and (T-22) pictures. */
function outputOfBlocks(blocks: readonly unknown[]): ToolOutput {
  const lines: (string | undefined)[] = [];
  const images: ClaudeImageBlock[] = [];
  for (const block of blocks) {
    const image = block as { type?: unknown; data?: unknown; mimeType?: unknown } | null;
    const data = image?.type === 'image' && typeof image.data === 'string' ? image.data : '';
    if (data === '') {
      lines.push(contentBlockText(block as ContentBlock));
    } else if (images.length >= maxImages || data.length > maxBase64Chars) {
      lines.push('[image]');
    } else {
      const mimeType = image?.mimeType;
      const mediaType = typeof mimeType === 'string' && mimeType !== '' ? mimeType : 'image/png';
      images.push({ type: 'image', source: { type: 'base64', media_type: mediaType, data } });
    }
  }
  return { text: lines.filter((line) => line !== undefined && line !== '').join('\n'), images };
}
