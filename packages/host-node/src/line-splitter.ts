/** The longest NDJSON line the host accepts, in bytes (without its newline): 32 MiB. */
export const defaultMaxLineBytes = 32 * 1024 * 1024;

/** Options of {@link createLineSplitter}. */
export type LineSplitterOptions = {
  /** Receives each complete line, decoded as UTF-8, without `\n` (and without a trailing `\r`). */
  readonly onLine: (line: string) => void;
  /**
   * Called once per line longer than `maxLineBytes`; the line is discarded up to its newline and
   * the lines after it still arrive.
   */
  readonly onLineTooLong: (byteLength: number) => void;
  /** Default {@link defaultMaxLineBytes}. */
  readonly maxLineBytes?: number;
};

/** Turns a byte stream into lines. Feed it with {@link LineSplitter.push}. */
export interface LineSplitter {
  /** One chunk of bytes, split anywhere (also inside a multi-byte UTF-8 character). */
  push(chunk: Uint8Array): void;
  /** The stream ended: a last line without a newline is delivered. */
  end(): void;
  /** Bytes held for the unfinished line. Never more than `maxLineBytes`. */
  readonly bufferedBytes: number;
}

const newline = 0x0a;

/**
 * Creates an NDJSON line splitter. Lines are cut on the byte `\n`, so a UTF-8 character split
 * across chunks is decoded whole. The unfinished line is the only thing held in memory, and never
 * more than `maxLineBytes` of it: a longer line is dropped while it streams in.
 */
export function createLineSplitter(options: LineSplitterOptions): LineSplitter {
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  /** Bytes of an over-long line seen so far; -1 when not discarding. */
  let discardedBytes = -1;

  const deliver = (buffer: Buffer, start: number, end: number) => {
    let stop = end;
    if (stop > start && buffer[stop - 1] === 0x0d) stop -= 1;
    options.onLine(buffer.toString('utf8', start, stop));
  };

  /** Complete lines separated by `\n`, decoded in one go (a `\n` never splits a character). */
  const deliverText = (text: string) => {
    let start = 0;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', start)) {
      deliverString(text, start, index);
      start = index + 1;
    }
    deliverString(text, start, text.length);
  };
  const deliverString = (text: string, start: number, end: number) => {
    const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    options.onLine(text.slice(start, stop));
  };

  const finishLine = (chunk: Buffer, start: number, end: number) => {
    if (discardedBytes >= 0) {
      const total = discardedBytes + (end - start);
      discardedBytes = -1;
      options.onLineTooLong(total);
      return;
    }
    const length = pendingBytes + (end - start);
    if (length > maxLineBytes) {
      pieces = [];
      pendingBytes = 0;
      options.onLineTooLong(length);
      return;
    }
    if (pieces.length === 0) {
      deliver(chunk, start, end);
      return;
    }
    pieces.push(chunk.subarray(start, end));
    const joined = Buffer.concat(pieces, length);
    pieces = [];
    pendingBytes = 0;
    deliver(joined, 0, joined.length);
  };

  const holdRest = (chunk: Buffer, start: number) => {
    const restLength = chunk.length - start;
    if (restLength === 0) return;
    if (discardedBytes >= 0) {
      discardedBytes += restLength;
      return;
    }
    if (pendingBytes + restLength > maxLineBytes) {
      discardedBytes = pendingBytes + restLength;
      pieces = [];
      pendingBytes = 0;
      return;
    }
    // Copy: the caller may reuse the chunk's memory once push returns.
    pieces.push(Buffer.from(chunk.subarray(start)));
    pendingBytes += restLength;
  };

  return {
    push(input: Uint8Array) {
      const chunk = Buffer.isBuffer(input)
        ? input
        : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
      const lastNewline = chunk.lastIndexOf(newline);
      if (lastNewline === -1) {
        holdRest(chunk, 0);
        return;
      }
      let start = 0;
      if (pieces.length > 0 || discardedBytes >= 0) {
        // The first line began in an earlier chunk.
        const firstNewline = chunk.indexOf(newline);
        finishLine(chunk, 0, firstNewline);
        start = firstNewline + 1;
      }
      if (lastNewline - start <= maxLineBytes) {
        // No line in between can be too long: decode them all at once, then cut the string.
        if (start <= lastNewline) deliverText(chunk.toString('utf8', start, lastNewline));
      } else {
        for (let index = chunk.indexOf(newline, start); index !== -1 && index <= lastNewline; ) {
          finishLine(chunk, start, index);
          start = index + 1;
          index = chunk.indexOf(newline, start);
        }
      }
      holdRest(chunk, lastNewline + 1);
    },
    end() {
      if (discardedBytes >= 0 || pendingBytes > 0) finishLine(Buffer.alloc(0), 0, 0);
    },
    get bufferedBytes() {
      return pendingBytes;
    },
  };
}
