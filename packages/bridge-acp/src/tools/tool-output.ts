import type { ClaudeImageBlock } from '../content/claude-image-block.js';
import { contentBlockText } from '../content/content-block-text.js';

/** What a tool call produced so far: text lines and pictures (T-20..T-22). */
export type ToolOutput = { readonly text: string; readonly images: readonly ClaudeImageBlock[] };

/**
 * Caps on pictures in one tool result (T-22): at most 4, each base64 payload at most 8 MiB of
 * characters. A picture over a cap becomes an `[image]` text line.
 */
export const toolResultImageLimits = Object.freeze({
  maxImages: 4,
  maxBase64Chars: 8 * 1024 * 1024,
});

/** An output with no text and no pictures. */
export const emptyToolOutput: ToolOutput = Object.freeze({ text: '', images: Object.freeze([]) });

/** True when an output has neither text nor pictures. */
export function isEmptyToolOutput(output: ToolOutput): boolean {
  return output.text === '' && output.images.length === 0;
}

/**
 * The output of a frame's ACP `content` array (T-20, T-22). ACP says `content` replaces the
 * previous collection, so the caller replaces a call's output with this (gap fix: the seed
 * appended). Items: `{type:"content"}` → a picture for an image block, else its text (N-10);
 * `{type:"diff"}` → `diff <path>\n--- old\n<old>\n+++ new\n<new>` (no `--- old` part for a new
 * file); `{type:"terminal"}` → `[terminal <id>]`; others ignored. Lines are joined with `\n`,
 * empty ones skipped.
 */
export function toolOutputFromContent(content: unknown): ToolOutput {
  if (!Array.isArray(content)) return emptyToolOutput;
  const collector = createCollector();
  for (const item of content) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    switch (record.type) {
      case 'content':
        collector.block(record.content);
        break;
      case 'diff':
        collector.line(diffText(record));
        break;
      case 'terminal':
        if (typeof record.terminalId === 'string')
          collector.line(`[terminal ${record.terminalId}]`);
        break;
      default:
        break;
    }
  }
  return collector.output();
}

/**
 * The fallback output from `rawOutput` (T-21), for a call whose `content` produced nothing:
 * an MCP result (`{result:{content:[...]}}` or a bare `{content:[...]}`) gives its
 * pictures and text lines when it yields anything; otherwise a string is used verbatim and any
 * other JSON value is serialized compactly. `null`/`undefined` give an empty output.
 */
export function toolOutputFromRawOutput(rawOutput: unknown): ToolOutput {
  if (rawOutput === undefined || rawOutput === null) return emptyToolOutput;
  if (typeof rawOutput === 'string') return { text: rawOutput, images: [] };
  const blocks = mcpResultBlocks(rawOutput);
  if (blocks !== undefined) {
    const collector = createCollector();
    for (const block of blocks) collector.block(block);
    const output = collector.output();
    if (!isEmptyToolOutput(output)) return output;
  }
  return { text: JSON.stringify(rawOutput) ?? '', images: [] };
}

/**
 * The `tool_result.content` for an output (T-30): the text as a plain string when there are no
 * pictures, else `[{type:"text"}?, ...images]` (the text block only when there is text).
 */
export function toolResultContent(output: ToolOutput): string | object[] {
  if (output.images.length === 0) return output.text;
  const blocks: object[] = [];
  if (output.text !== '') blocks.push({ type: 'text', text: output.text });
  blocks.push(...output.images);
  return blocks;
}

function mcpResultBlocks(rawOutput: unknown): readonly unknown[] | undefined {
  if (typeof rawOutput !== 'object' || rawOutput === null || Array.isArray(rawOutput)) {
    return undefined;
  }
  const record = rawOutput as Record<string, unknown>;
  const result = record.result;
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    const content = (result as Record<string, unknown>).content;
    if (Array.isArray(content)) return content;
  }
  return Array.isArray(record.content) ? record.content : undefined;
}

function diffText(record: Record<string, unknown>): string {
  const path = typeof record.path === 'string' ? record.path : '';
  const newText = typeof record.newText === 'string' ? record.newText : '';
  const oldText = typeof record.oldText === 'string' ? record.oldText : undefined;
  const oldPart = oldText === undefined ? '' : `\n--- old\n${oldText}`;
  return `diff ${path}${oldPart}\n+++ new\n${newText}`;
}

function createCollector(): {
  line(text: string | undefined): void;
  block(block: unknown): void;
  output(): ToolOutput;
} {
  const lines: string[] = [];
  const images: ClaudeImageBlock[] = [];
  const line = (text: string | undefined): void => {
    if (text !== undefined && text !== '') lines.push(text);
  };
  return {
    line,
    block(block) {
      const picture = toPicture(block);
      if (picture === undefined) {
        line(contentBlockText(block));
      } else if (
        images.length < toolResultImageLimits.maxImages &&
        picture.source.data.length <= toolResultImageLimits.maxBase64Chars
      ) {
        images.push(picture);
      } else {
        line('[image]');
      }
    },
    output: () =>
      lines.length === 0 && images.length === 0
        ? emptyToolOutput
        : { text: lines.join('\n'), images },
  };
}

function toPicture(block: unknown): ClaudeImageBlock | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const record = block as Record<string, unknown>;
  if (record.type !== 'image' || typeof record.data !== 'string' || record.data === '') {
    return undefined;
  }
  const mediaType =
    typeof record.mimeType === 'string' && record.mimeType !== '' ? record.mimeType : 'image/png';
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: record.data } };
}
