import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The size over which Claude Code 2.1.332 keeps a tool's result in a file (characters): its
 * tools' `maxResultSizeChars` capped at 50 000; `Read` has no limit, `Bash` keeps 30 000.
 */
const limitOf = (toolName: string | undefined): number =>
  toolName === 'Read' ? Number.POSITIVE_INFINITY : toolName === 'Bash' ? 30_000 : 50_000;
const previewChars = 2_000;

/** Claude Code's sizes: `97.7KB`, `2KB`, `512 bytes`. */
function formatSize(size: number): string {
  const unit = (value: number, suffix: string) =>
    `${value.toFixed(1).replace(/\.0$/, '')}${suffix}`;
  if (size < 1024) return `${size} bytes`;
  return size < 1024 * 1024 ? unit(size / 1024, 'KB') : unit(size / 1024 / 1024, 'MB');
}

/** A file name from an id: every character but letters, digits, `_` and `-` percent-encoded. */
const fileName = (id: string) =>
  [...id]
    .map((char) =>
      /^[A-Za-z0-9_-]$/.test(char)
        ? char
        : [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join(''),
    )
    .join('');

type Block = { readonly type?: unknown; readonly text?: unknown };

/**
 * SN-14: a tool result over Claude Code's limit stored as Claude Code stores it: the whole output
 * in `<session id>/tool-results/<tool use id>.txt` (`.json` for text blocks) beside the
 * transcript, and in the transcript a `<persisted-output>` block with its size, the file's path
 * and the first 2KB. Anything else (small, not text, a file that cannot be written) stays inline.
 */
export function persistToolResult(
  content: unknown,
  options: {
    readonly directory: string;
    readonly sessionId: string;
    readonly toolUseId: string;
    readonly toolName: string | undefined;
  },
): { readonly content: string; readonly path: string; readonly size: number } | undefined {
  const blocks = Array.isArray(content) ? (content as Block[]) : undefined;
  if (blocks?.some((block) => block?.type !== 'text' || typeof block.text !== 'string')) return;
  if (typeof content !== 'string' && blocks === undefined) return;
  const text =
    typeof content === 'string' ? content : (blocks ?? []).map((block) => block.text).join('\n');
  if (text.length <= limitOf(options.toolName)) return;
  const data = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  const folder = join(options.directory, options.sessionId, 'tool-results');
  const path = join(folder, `${fileName(options.toolUseId)}.${blocks ? 'json' : 'txt'}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(path, data, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') return;
  }
  const newline = data.slice(0, previewChars).lastIndexOf('\n');
  const cut =
    data.length <= previewChars ? data.length : newline > previewChars / 2 ? newline : previewChars;
  const more = cut < data.length ? '\n...\n' : '\n';
  const stored = `<persisted-output>\nOutput too large (${formatSize(data.length)}). Full output saved to: ${path}\n\nPreview (first ${formatSize(previewChars)}):\n${data.slice(0, cut)}${more}</persisted-output>`;
  return { content: stored, path, size: data.length };
}
