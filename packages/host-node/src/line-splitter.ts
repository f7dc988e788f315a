/** The longest NDJSON line the host accepts, in bytes (without its newline): 32 MiB. */
export const defaultMaxLineBytes = 32 * 1024 * 1024;

/** Options of {@link createLineSplitter}. */
type LineSplitterOptions = {
  /** Each complete line, decoded as UTF-8, without `\n` (and without a trailing `\r`). */
  readonly onLine: (line: string) => void;
  /** Once per line over `maxLineBytes`: it is dropped and the lines after it still arrive. */
  readonly onLineTooLong: (byteLength: number) => void;
  /** Default {@link defaultMaxLineBytes}. */
  readonly maxLineBytes?: number;
};

const newline = 0x0a;

/**
 * Creates an NDJSON line splitter. Lines are cut on the byte `\n`, so a character split across
 * chunks is decoded whole; the complete lines of a chunk are decoded in one go. Only the
 * unfinished line is held, never more than `maxLineBytes` of it: a longer one is dropped while it
 * streams in.
 */
export function createLineSplitter(options: LineSplitterOptions) {
  const { onLine, onLineTooLong } = options;
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  /** Bytes of an over-long line seen so far; -1 when not discarding. */
  let discardedBytes = -1;

  const deliver = (text: string, start: number, end: number) =>
    onLine(text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end));
  const finishLine = (chunk: Buffer, start: number, end: number) => {
    const length = pendingBytes + end - start;
    const discarded = discardedBytes;
    const held = pieces;
    pieces = [];
    pendingBytes = 0;
    discardedBytes = -1;
    if (discarded >= 0 || length > maxLineBytes) {
      onLineTooLong(discarded >= 0 ? discarded + end - start : length);
      return;
    }
    const text =
      held.length === 0
        ? chunk.toString('utf8', start, end)
        : Buffer.concat([...held, chunk.subarray(start, end)], length).toString('utf8');
    deliver(text, 0, text.length);
  };
  const holdRest = (chunk: Buffer, start: number) => {
    const restLength = chunk.length - start;
    if (discardedBytes >= 0) {
      discardedBytes += restLength;
    } else if (pendingBytes + restLength > maxLineBytes) {
      discardedBytes = pendingBytes + restLength;
      pieces = [];
      pendingBytes = 0;
    } else if (restLength > 0) {
      // Copied: the caller may reuse the chunk's memory once push returns.
      pieces.push(Buffer.from(chunk.subarray(start)));
      pendingBytes += restLength;
    }
  };

  return {
    /** One chunk, split anywhere (also inside a multi-byte character). */
    push(input: Uint8Array): void {
      const chunk = Buffer.isBuffer(input)
        ? input
        : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
      const lastNewline = chunk.lastIndexOf(newline);
      let start = 0;
      if (lastNewline !== -1 && (pieces.length > 0 || discardedBytes >= 0)) {
        // The first line began in an earlier chunk.
        start = chunk.indexOf(newline) + 1;
        finishLine(chunk, 0, start - 1);
      }
      if (lastNewline !== -1 && lastNewline - start <= maxLineBytes) {
        // No line in between can be over the limit: decode them at once, then cut the string.
        const text = start <= lastNewline ? chunk.toString('utf8', start, lastNewline) : '';
        let lineStart = 0;
        for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', lineStart)) {
          deliver(text, lineStart, index);
          lineStart = index + 1;
        }
        if (start <= lastNewline) deliver(text, lineStart, text.length);
        start = lastNewline + 1;
      } else {
        for (let index = chunk.indexOf(newline, start); index !== -1; ) {
          finishLine(chunk, start, index);
          start = index + 1;
          index = chunk.indexOf(newline, start);
        }
      }
      holdRest(chunk, start);
    },
    /** The stream ended: a last line without a newline is delivered. */
    end(): void {
      if (discardedBytes >= 0 || pendingBytes > 0) finishLine(Buffer.alloc(0), 0, 0);
    },
    /** Bytes held for the unfinished line; never more than `maxLineBytes`. */
    get bufferedBytes(): number {
      return pendingBytes;
    },
  };
}
