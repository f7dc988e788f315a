import type { Readable, Writable } from 'node:stream';
import type { TransportExit } from '@agentbridge/core/contracts';
import {
  createBatchedLineWriter,
  createLineSplitter,
  defaultMaxLineBytes,
} from '@agentbridge/host-node';
import type { RelayEvent, RelayTransport } from './relay-transport.js';

/** Options of {@link runStreamJson}. */
export type RunStreamJsonOptions = {
  readonly transport: RelayTransport;
  readonly stdin: Readable;
  /** Receives protocol lines only. */
  readonly stdout: Writable;
  /** Events other than protocol lines (agent output, sessions, sign-in). */
  readonly onEvent?: (event: RelayEvent) => void;
  /**
   * Aborted when the run is stopped by a signal: from then on a client that does not read stops
   * holding the agent's output (what it cannot take is dropped), so the agent can be stopped and
   * its output drained even when the client never reads stdout again.
   */
  readonly terminated?: AbortSignal;
  /** Longest accepted stdin line in bytes (default 32 MiB); a longer one is dropped and reported. */
  readonly maxLineBytes?: number;
  /** Receives human-readable error text (stderr): an over-long stdin line. */
  readonly writeStderr?: (text: string) => void;
};

/** How a relay ended. */
export type RelayOutcome = {
  readonly exit: TransportExit;
  /** True when the client ended its input before the process exited (a normal end). */
  readonly inputEnded: boolean;
  /** The last `result` line had `is_error: true` (`claude` then exits 1). */
  readonly lastResultIsError: boolean;
};

/**
 * Stream-json mode (what the Claude Agent SDK runs): relays NDJSON lines from stdin to the transport
 * and the transport's lines to stdout, with backpressure both ways (a congested stdout pauses the
 * agent's output; a congested agent stdin pauses reading stdin). Blank lines are skipped. Ends
 * when the transport closes; stdin EOF means "no more input", after which the transport finishes
 * its turn and exits.
 */
export async function runStreamJson(options: RunStreamJsonOptions): Promise<RelayOutcome> {
  const { transport, stdin, stdout } = options;
  let inputEnded = false;

  // Many lines per write(): one syscall per chunk of agent output instead of one per line.
  let congested = false;
  const writer = createBatchedLineWriter({
    output: stdout,
    onCongested: () => {
      congested = true;
      if (options.terminated?.aborted) writer.discard();
      else transport.pauseOutput();
    },
    onDrained: () => {
      congested = false;
      transport.resumeOutput();
    },
  });
  options.terminated?.addEventListener(
    'abort',
    () => {
      // Stopping: a congested client no longer holds the agent (whose exit waits for its output).
      if (!congested) return;
      writer.discard();
      transport.resumeOutput();
    },
    { once: true },
  );
  stdout.on('error', () => {
    // The client went away (EPIPE): stop everything rather than crash. Its stdout never drains
    // again, so stop holding the agent's output for it: what is left is read and dropped.
    writer.discard();
    transport.resumeOutput();
    void transport.close();
  });
  let lastResultIsError = false;
  transport.onClientLine((line) => {
    if (line.startsWith('{"type":"result"')) lastResultIsError = isErrorResult(line);
    writer.writeLine(line);
  });
  if (options.onEvent) transport.onEvent(options.onEvent);

  await transport.start();

  // Lines are cut with host-node's splitter: an over-long line (limit `maxLineBytes`) is dropped
  // and reported, and the lines after it still arrive; nothing is held beyond the limit.
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let paused = false;
  const splitter = createLineSplitter({
    maxLineBytes,
    onLine: (line) => {
      if (line.trim() === '') return;
      if (!transport.writeClientLine(line) && !paused) {
        paused = true;
        stdin.pause();
      }
    },
    onLineTooLong: (byteLength) =>
      options.writeStderr?.(
        `agentbridge: error: an input line of ${byteLength} bytes is longer than the ${maxLineBytes}-byte limit; it was dropped\n`,
      ),
  });
  transport.onInputDrain(() => {
    if (paused) {
      paused = false;
      stdin.resume();
    }
  });
  const onData = (chunk: Buffer | string) =>
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  const onInputEnd = () => {
    if (inputEnded) return;
    splitter.end();
    inputEnded = true;
    transport.endClientInput();
  };
  stdin.on('data', onData);
  stdin.once('end', onInputEnd);
  stdin.once('close', onInputEnd);

  const exit = await transport.closed;
  writer.flush();
  const endedFirst = inputEnded;
  stdin.off('data', onData);
  stdin.off('end', onInputEnd);
  stdin.off('close', onInputEnd);
  stdin.pause();
  return { exit, inputEnded: endedFirst, lastResultIsError };
}

function isErrorResult(line: string): boolean {
  try {
    return (JSON.parse(line) as { is_error?: unknown }).is_error === true;
  } catch {
    return false;
  }
}
