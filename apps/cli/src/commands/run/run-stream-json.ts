import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { TransportExit } from '@agentbridge/core';
import { createBatchedLineWriter } from '@agentbridge/host-node';
import type { RelayEvent, RelayTransport } from './relay-transport.js';

/** Options of {@link runStreamJson}. */
export type RunStreamJsonOptions = {
  readonly transport: RelayTransport;
  readonly stdin: Readable;
  /** Receives protocol lines only. */
  readonly stdout: Writable;
  /** Events other than protocol lines (agent output, sessions, sign-in). */
  readonly onEvent?: (event: RelayEvent) => void;
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
  const writer = createBatchedLineWriter({
    output: stdout,
    onCongested: () => transport.pauseOutput(),
    onDrained: () => transport.resumeOutput(),
  });
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

  const lines = createInterface({ input: stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let paused = false;
  transport.onInputDrain(() => {
    if (paused) {
      paused = false;
      lines.resume();
    }
  });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    if (!transport.writeClientLine(line) && !paused) {
      paused = true;
      lines.pause();
    }
  });
  lines.once('close', () => {
    inputEnded = true;
    transport.endClientInput();
  });

  const exit = await transport.closed;
  writer.flush();
  const endedFirst = inputEnded;
  lines.removeAllListeners('close');
  lines.close();
  return { exit, inputEnded: endedFirst, lastResultIsError };
}

function isErrorResult(line: string): boolean {
  try {
    return (JSON.parse(line) as { is_error?: unknown }).is_error === true;
  } catch {
    return false;
  }
}
