import type { Writable } from 'node:stream';
import type { KnownServerMessage } from '@agentbridge/core';

/** Options of {@link createLineWriter}. */
type LineWriterOptions = {
  /** Where the lines go (usually `process.stdout`). */
  readonly output: Writable;
  /** `output`'s buffer is full after a write: stop producing (pause the agent's output). */
  readonly onCongested: () => void;
  /** `output` drained after {@link LineWriterOptions.onCongested}: produce again. */
  readonly onDrained: () => void;
  /** Characters held before a write is forced within the same tick (default 256 Ki). */
  readonly maxBatchChars?: number;
};

/** Writes NDJSON to a stream, many lines per `write()` (see {@link createLineWriter}). */
type LineWriter = ReturnType<typeof createLineWriter>;

/**
 * Creates a {@link LineWriter}: the lines produced within one tick (typically everything decoded
 * from one chunk of agent output) are joined into a single `write()`, in order. A `write()`
 * returning false calls `onCongested` once, and `onDrained` on the next `drain`; lines queued
 * meanwhile are still accepted (at most one tick's worth), as with a plain `write()`.
 */
export function createLineWriter(options: LineWriterOptions) {
  const { output } = options;
  const maxBatchChars = options.maxBatchChars ?? 256 * 1024;
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
 * One message as one JSON line. Text and thinking deltas, the bulk of a streamed turn, are built
 * by hand when they hold exactly the fields built here (else `JSON.stringify`): the result parses
 * to the same value (a property test checks it), in a fixed key order nothing may rely on.
 */
export function serializeMessage(message: KnownServerMessage): string {
  if (message.type !== 'stream_event' || message.event.type !== 'content_block_delta') {
    return JSON.stringify(message);
  }
  const { event, parent_tool_use_id: parent, session_id: sessionId, uuid } = message;
  const { delta, index } = event as { delta: Record<string, unknown>; index: unknown };
  const field =
    delta.type === 'text_delta' ? 'text' : delta.type === 'thinking_delta' ? 'thinking' : '';
  const value = delta[field];
  if (
    typeof value !== 'string' ||
    typeof index !== 'number' ||
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

function keyCount(value: object): number {
  let count = 0;
  for (const _key in value) count += 1;
  return count;
}
