import type { Readable, Writable } from 'node:stream';
import { createBatchedLineWriter } from './batched-line-writer.js';
import { createLineSplitter, defaultMaxLineBytes } from './line-splitter.js';
import type { LineTransport } from './line-transport.js';

/** Options of {@link connectNodeStreams}. */
export type ConnectNodeStreamsOptions = {
  /** The client's lines (usually `process.stdin`). */
  readonly input: Readable;
  /** Where client-bound lines go (usually `process.stdout`). */
  readonly output: Writable;
  /** Longest accepted input line (default 32 MiB); longer ones are reported and skipped. */
  readonly maxLineBytes?: number;
  /** Called for each over-long input line. */
  readonly onInputLineTooLong?: (byteLength: number) => void;
};

/**
 * Wires a started {@link LineTransport} to Node streams as NDJSON, with backpressure both ways:
 * when `output` is congested the process's stdout is paused until it drains, and when the
 * process's stdin is congested `input` is paused. The input's end becomes `endClientInput()`.
 * Returns a function that unhooks the listeners.
 */
export function connectNodeStreams(
  transport: LineTransport,
  options: ConnectNodeStreamsOptions,
): () => void {
  const { input, output } = options;
  let connected = true;
  // Lines decoded from one chunk of process output leave with one write().
  const writer = createBatchedLineWriter({
    output,
    onCongested: () => transport.pauseOutput(),
    onDrained: () => {
      if (connected) transport.resumeOutput();
    },
  });
  transport.onClientLine((line) => writer.writeLine(line));

  let inputPaused = false;
  transport.onInputDrain(() => {
    if (inputPaused) {
      inputPaused = false;
      input.resume();
    }
  });
  const splitter = createLineSplitter({
    maxLineBytes: options.maxLineBytes ?? defaultMaxLineBytes,
    onLine: (line) => {
      if (line.trim() === '') return;
      if (!transport.writeClientLine(line) && !inputPaused) {
        inputPaused = true;
        input.pause();
      }
    },
    onLineTooLong: (byteLength) => options.onInputLineTooLong?.(byteLength),
  });
  const onData = (chunk: Buffer | string) =>
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  const onEnd = () => {
    splitter.end();
    transport.endClientInput();
  };
  input.on('data', onData);
  input.on('end', onEnd);
  void transport.closed.then(() => {
    if (inputPaused) input.resume();
  });
  return () => {
    writer.flush();
    connected = false;
    input.off('data', onData);
    input.off('end', onEnd);
  };
}
