import type { Writable } from 'node:stream';
import type { KnownServerMessage } from '@agentbridge/core';

/** The longest NDJSON line the host accepts, in bytes (without its newline): 32 MiB. */
export const defaultMaxLineBytes = 32 * 1024 * 1024;

const newline = 0x0a;

/**
 * Cuts NDJSON into lines on the byte `\n` (a character split across chunks is decoded whole). A
 * line over `maxLineBytes` is dropped as it streams in and reported; the lines after it arrive.
 */
export function createLineSplitter(options: {
  readonly onLine: (line: string) => void;
  readonly onLineTooLong: (byteLength: number) => void;
  readonly maxLineBytes?: number;
}) {
  const { onLine, onLineTooLong, maxLineBytes = defaultMaxLineBytes } = options;
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

/**
 * Writes the lines of one tick (typically one chunk of agent output) in one `write()`, in order;
 * a `write()` returning false calls `onCongested` once, and `onDrained` on the next `drain`.
 */
export function createLineWriter(options: {
  readonly output: Writable;
  readonly onCongested: () => void;
  readonly onDrained: () => void;
  readonly maxBatchChars?: number;
}) {
  const { output, maxBatchChars = 256 * 1024 } = options;
  let pending: string[] = [];
  let pendingChars = 0;
  let scheduled = false;
  let congested = false;
  let discarded = false;

  const onDrain = () => {
    congested = false;
    options.onDrained();
  };
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    pendingChars = 0;
    if (!output.write(text) && !congested) {
      congested = true;
      output.once('drain', onDrain);
      options.onCongested();
    }
  };
  const writeLine = (line: string) => {
    if (discarded) return;
    pending.push(line);
    pendingChars += line.length + 1;
    if (pendingChars >= maxBatchChars) {
      flush();
    } else if (!scheduled) {
      scheduled = true;
      process.nextTick(flush);
    }
  };
  return {
    /** Serialises `message` (once) and queues it as one line. */
    write: (message: KnownServerMessage) => writeLine(serializeMessage(message)),
    /** Queues a line already serialised (no newline): the pass-through's lines. */
    writeLine,
    /** Writes what is queued now (before anything that must see every line, such as exit). */
    flush,
    /** Drops what is queued and every later line (the reader went away). */
    discard() {
      discarded = true;
      pending = [];
      pendingChars = 0;
    },
  };
}

/**
 * One message as one JSON line; text and thinking deltas (the bulk of a turn) are built by hand
 * when they hold exactly these fields. The same value as `JSON.stringify` (a property test).
 */
export function serializeMessage(message: KnownServerMessage): string {
  if (message.type !== 'stream_event' || message.event.type !== 'content_block_delta')
    return JSON.stringify(message);
  const { event, parent_tool_use_id: parent, session_id: sessionId, uuid } = message;
  const { delta, index } = event as { delta: Record<string, unknown>; index: unknown };
  const field =
    delta.type === 'text_delta' ? 'text' : delta.type === 'thinking_delta' ? 'thinking' : '';
  const value = delta[field];
  if (
    typeof value !== 'string' ||
    !Number.isFinite(index) ||
    typeof sessionId !== 'string' ||
    (parent !== null && typeof parent !== 'string') ||
    (uuid !== undefined && typeof uuid !== 'string') ||
    keyCount(message) !== (uuid === undefined ? 4 : 5) ||
    keyCount(event) !== 3 ||
    keyCount(delta) !== 2
  ) {
    return JSON.stringify(message);
  }
  const parentJson = parent === null ? 'null' : JSON.stringify(parent);
  const uuidJson = uuid === undefined ? '' : `,"uuid":${JSON.stringify(uuid)}`;
  return `{"type":"stream_event","event":{"type":"content_block_delta","index":${index},"delta":{"type":"${delta.type}","${field}":${JSON.stringify(value)}}},"parent_tool_use_id":${parentJson},"session_id":${JSON.stringify(sessionId)}${uuidJson}}`;
}

/** Enumerable keys, counted without allocating an array (this runs per text delta). */
function keyCount(value: object): number {
  let count = 0;
  for (const _key in value) count += 1;
  return count;
}
