import type { Writable } from 'node:stream';

/** Options of {@link createBatchedLineWriter}. */
export type BatchedLineWriterOptions = {
  /** Where the lines go (usually `process.stdout`). */
  readonly output: Writable;
  /** `output`'s buffer is full after a write: stop producing lines (pause the agent's stdout). */
  readonly onCongested: () => void;
  /** `output` drained after {@link BatchedLineWriterOptions.onCongested}: produce again. */
  readonly onDrained: () => void;
  /** Characters held before a write is forced within the same tick (default 256 Ki). */
  readonly maxBatchChars?: number;
};

/** Writes NDJSON lines to a stream, many lines per `write()`. */
export interface BatchedLineWriter {
  /** Queues one line (without its newline); it is written at the end of the current tick. */
  writeLine(line: string): void;
  /** Writes what is queued now. Call it before anything that must see every line (exit). */
  flush(): void;
  /** Drops what is queued and every later line (the reader went away). */
  discard(): void;
}

const defaultMaxBatchChars = 256 * 1024;

/**
 * Creates a {@link BatchedLineWriter}: the lines produced within one tick (typically everything
 * decoded from one chunk of agent stdout) are joined and written with a single `write()`, in order.
 * A `write()` returning false calls `onCongested` once, and `onDrained` on the next `drain`; lines
 * written meanwhile are still accepted (at most one tick's worth), as with a plain `write()`.
 */
export function createBatchedLineWriter(options: BatchedLineWriterOptions): BatchedLineWriter {
  const { output } = options;
  const maxBatchChars = options.maxBatchChars ?? defaultMaxBatchChars;
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
  const flushScheduled = () => {
    scheduled = false;
    flush();
  };

  return {
    writeLine(line) {
      if (discarded) return;
      pending.push(line);
      pendingChars += line.length + 1;
      if (pendingChars >= maxBatchChars) {
        flush();
        return;
      }
      if (!scheduled) {
        scheduled = true;
        process.nextTick(flushScheduled);
      }
    },
    flush,
    discard() {
      discarded = true;
      pending = [];
      pendingChars = 0;
    },
  };
}
