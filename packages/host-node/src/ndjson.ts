import type { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { KnownServerMessage } from '@agentbridge/core';
import { collectGarbage } from './collect-garbage.js';
import { hasLongString, serializeInParts } from './serialize-in-parts.js';

/** The longest NDJSON line the host accepts, in bytes (without its newline): 32 MiB. */
export const defaultMaxLineBytes = 32 * 1024 * 1024;

const newline = 0x0a;
/** After joining a line this long, a full GC frees its pieces at once. */
const collectAfterBytes = 8 * 1024 * 1024;

/**
 * Cuts NDJSON into lines on the byte `\n` (a character split across chunks is decoded whole). A
 * line over `maxLineBytes` is dropped as it streams in and reported; the lines after it arrive. A
 * line longer than a chunk is decoded as its chunks arrive: no chunk is kept, or copied.
 */
export function createLineSplitter(options: {
  readonly onLine: (line: string) => void;
  readonly onLineTooLong: (byteLength: number) => void;
  readonly maxLineBytes?: number;
}) {
  const { onLine, onLineTooLong, maxLineBytes = defaultMaxLineBytes } = options;
  let pieces: string[] = [];
  let pendingBytes = 0;
  const decoder = new StringDecoder('utf8');
  /** Bytes of an over-long line seen so far; -1 when not discarding. */
  let discardedBytes = -1;

  const deliver = (text: string, start: number, end: number) =>
    onLine(text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end));
  const finishLine = (chunk: Buffer, start: number, end: number) => {
    const length = pendingBytes + end - start;
    const discarded = discardedBytes;
    const held = pieces;
    [pieces, pendingBytes, discardedBytes] = [[], 0, -1];
    if (discarded >= 0 || length > maxLineBytes) {
      decoder.end();
      onLineTooLong(discarded >= 0 ? discarded + end - start : length);
      return;
    }
    held.push(decoder.end(chunk.subarray(start, end)));
    const text = held.join('');
    held.length = 0;
    // Its pieces would wait for V8's next full GC, and sit beside the line and what parses it.
    if (length >= collectAfterBytes) collectGarbage();
    deliver(text, 0, text.length);
  };
  const holdRest = (chunk: Buffer, start: number) => {
    const restLength = chunk.length - start;
    if (discardedBytes >= 0) {
      discardedBytes += restLength;
    } else if (pendingBytes + restLength > maxLineBytes) {
      [discardedBytes, pieces, pendingBytes] = [pendingBytes + restLength, [], 0];
      decoder.end();
    } else if (restLength > 0) {
      pieces.push(decoder.write(chunk.subarray(start)));
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
 * Writes the lines of one tick in one `write()`, in order, each encoded into the batch as it comes
 * (no string outlives its line). While the output is congested (a `write()` left data queued:
 * `onCongested` once, `onDrained` once all is written) messages wait unserialised; one with a long
 * string is written in parts, so its text is held once.
 */
export function createLineWriter(options: {
  readonly output: Writable;
  readonly onCongested: () => void;
  readonly onDrained: () => void;
  readonly maxBatchBytes?: number;
  /** Applied to every line before it is encoded (secrets, FT-08); a long string before it is cut. */
  readonly mask?: (text: string) => string;
}) {
  const { output, maxBatchBytes = 256 * 1024, mask = (text: string) => text } = options;
  let batch: Buffer | undefined;
  let spare: Buffer | undefined; // a batch buffer whose write completed, for the next batch
  let used = 0;
  let [scheduled, congested, discarded] = [false, false, false];
  let draining = false; // onCongested was called, onDrained not yet
  /** Lines and messages behind a congested output or a long message, oldest first. */
  const waiting: (KnownServerMessage | string)[] = [];
  /** The parts of a long message still to write: written as the output drains. */
  let parts: Iterator<string> | undefined;

  const send = (chunk: Buffer | string, written?: () => void) => {
    // A pipe written synchronously (stdout on Linux) took it all: false only says the chunk was
    // larger than the high-water mark, and pausing the agent for it would only stall the stream.
    if (output.write(chunk, written) || output.writableLength === 0 || congested) return;
    congested = true;
    output.once('drain', () => {
      congested = false;
      pump(false);
      if (congested) return;
      draining = false;
      options.onDrained();
    });
    if (!draining) options.onCongested(); // once until drained, though the backlog may congest again
    draining = true;
  };
  const sendBatch = () => {
    const buffer = batch;
    batch = undefined;
    if (buffer !== undefined) send(buffer.subarray(0, used), () => (spare = buffer));
  };
  /** The batch, with room for `bytes` more. */
  const reserve = (bytes: number) => {
    if (batch !== undefined && used + bytes > batch.length) sendBatch();
    if (batch === undefined)
      [batch, spare, used] = [spare ?? Buffer.allocUnsafe(maxBatchBytes), undefined, 0];
    return batch;
  };
  const append = (line: string) => {
    // At most 3 bytes a UTF-16 unit (a surrogate pair, two units, takes 4).
    if (line.length * 3 + 1 <= maxBatchBytes) {
      const buffer = reserve(line.length * 3 + 1);
      used += buffer.write(line, used);
      buffer[used++] = 0x0a;
    } else {
      sendBatch();
      send(line);
      send('\n');
    }
  };
  const putBytes = (buffer: Buffer, bytes: Buffer) => {
    buffer.set(bytes, used);
    used += bytes.length;
  };
  /** `value` as JSON: printable ASCII (ids, most deltas) byte by byte, other text stringified. */
  const putString = (buffer: Buffer, value: string) => {
    const start = used++;
    buffer[start] = 0x22;
    for (let index = 0; index < value.length; index += 1) {
      const code = value.charCodeAt(index);
      if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) break;
      buffer[used++] = code;
    }
    if (used - start - 1 === value.length) buffer[used++] = 0x22;
    else used = start + buffer.write(JSON.stringify(value), start);
  };
  let tail = { parent: undefined as string | null | undefined, sessionId: '', bytes: Buffer.of() };
  /** A short text or thinking delta (the bulk of a turn), encoded by hand: no string is built. */
  const appendDelta = (message: KnownServerMessage) => {
    const text = deltaText(message);
    if (text === undefined) return false;
    const { event, parent_tool_use_id: parent, session_id: session, uuid } = message as Delta;
    if (parent !== tail.parent || session !== tail.sessionId) {
      const ids = `}},"session_id":${JSON.stringify(session)},"parent_tool_use_id":${JSON.stringify(parent)},"uuid":`;
      tail = { parent, sessionId: session, bytes: Buffer.from(mask(ids)) };
    }
    // At most 6 bytes a unit (`\u0000`); the index takes at most 24.
    const room = deltaStart.length + 24 + 48 + tail.bytes.length + 6 * (text.length + uuid.length);
    if (room > maxBatchBytes) return false;
    const buffer = reserve(room);
    putBytes(buffer, deltaStart);
    if (event.index >= 0 && event.index < 10) buffer[used++] = 0x30 + event.index;
    else used += buffer.write(String(event.index), used);
    putBytes(buffer, event.delta.type === 'text_delta' ? textField : thinkingField);
    putString(buffer, mask(text));
    putBytes(buffer, tail.bytes);
    putString(buffer, mask(uuid));
    buffer[used++] = 0x7d;
    buffer[used++] = 0x0a;
    return true;
  };
  /** Writes what waits, all of it or until the output congests. */
  const pump = (all: boolean) => {
    scheduled = false;
    while (all || !congested) {
      if (parts !== undefined) {
        const part = parts.next();
        if (part.done) parts = undefined;
        send(part.done ? '\n' : part.value);
        continue;
      }
      const next = waiting.shift();
      if (next === undefined) break;
      if (place(next)) continue;
      sendBatch();
      parts = serializeInParts(next as KnownServerMessage, mask);
    }
    sendBatch();
  };
  /** A line or message into the batch; false for a message with a long string. */
  const place = (item: KnownServerMessage | string) => {
    if (typeof item === 'string') append(mask(item));
    else if (!appendDelta(item)) {
      if (hasLongString(item)) return false;
      append(mask(JSON.stringify(item)));
    }
    return true;
  };
  const enqueue = (item: KnownServerMessage | string) => {
    if (discarded) return;
    const free = !congested && waiting.length === 0 && parts === undefined;
    if (!free || !place(item)) waiting.push(item);
    if (!scheduled) process.nextTick(pump, false);
    scheduled = true;
  };
  return {
    /** Serialises `message` (once) and queues it as one line. */
    write: (message: KnownServerMessage) => enqueue(message),
    /** Queues a line already serialised (no newline): the pass-through's lines. */
    writeLine: (line: string) => enqueue(line),
    /** Writes everything queued now (before anything that must see every line, such as exit). */
    flush: () => pump(true),
    /** Drops what is queued and every later line (the reader went away). */
    discard() {
      [discarded, batch, parts] = [true, undefined, undefined];
      waiting.length = 0;
    },
  };
}

const deltaStart = Buffer.from(
  '{"type":"stream_event","event":{"type":"content_block_delta","index":',
);
const textField = Buffer.from(',"delta":{"type":"text_delta","text":');
const thinkingField = Buffer.from(',"delta":{"type":"thinking_delta","thinking":');
type Delta = { event: { index: number; delta: { type: string } }; uuid: string } & {
  [key in 'parent_tool_use_id' | 'session_id']: string;
};

/** The text of a short delta `appendDelta` writes by hand, the bytes of `JSON.stringify`. */
function deltaText(message: KnownServerMessage): string | undefined {
  if (message.type !== 'stream_event' || message.event.type !== 'content_block_delta') return;
  const { event, parent_tool_use_id: parent, session_id: sessionId, uuid } = message;
  const { delta, index } = event as { delta: Record<string, unknown>; index: unknown };
  const text = delta.type === 'thinking_delta' ? delta.thinking : delta.text;
  const simple =
    (delta.type === 'text_delta' || delta.type === 'thinking_delta') &&
    typeof text === 'string' &&
    text.length <= 256 &&
    Number.isInteger(index) &&
    typeof sessionId === 'string' &&
    (parent === null || typeof parent === 'string') &&
    typeof uuid === 'string' &&
    uuid.length <= 64 &&
    inOrder(message, messageKeys) &&
    inOrder(event, eventKeys) &&
    inOrder(delta, delta.type === 'text_delta' ? textKeys : thinkingKeys);
  return simple ? text : undefined;
}

const messageKeys = 'type event session_id parent_tool_use_id uuid'.split(' ');
const eventKeys = 'type index delta'.split(' ');
const [textKeys, thinkingKeys] = ['type text'.split(' '), 'type thinking'.split(' ')];
/** Exactly `keys`, in the order `appendDelta` writes them; no allocation (per delta). */
function inOrder(value: object, keys: readonly string[]): boolean {
  let count = 0;
  for (const key in value) if (keys[count++] !== key) return false;
  return count === keys.length;
}
