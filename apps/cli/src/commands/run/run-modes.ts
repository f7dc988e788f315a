import type { Readable, Writable } from 'node:stream';
import type {
  BridgeEvent,
  ResultMessage,
  Transport,
  TransportExit,
} from '@agentbridge/core/contracts';
import { createLineSplitter, createLineWriter, defaultMaxLineBytes } from '@agentbridge/host-node';
import type { OutputFormat } from '../../argv/parse-command-line.js';

/** How a relay ended. */
export type RelayOutcome = {
  readonly exit: TransportExit;
  /** The client ended its input before the process exited (a normal end). */
  readonly inputEnded: boolean;
  /** The last `result` had `is_error: true` (`claude` then exits 1). */
  readonly lastResultIsError: boolean;
  /** Print mode: the turn's `result`, when one arrived. */
  readonly result?: ResultMessage;
};

/** What both modes relay between: the transport and the client's stdout (protocol only). */
type RelayOptions = {
  readonly transport: Transport;
  readonly stdout: Writable;
  /** Every event that is not for the client (agent output, sessions, sign-in). */
  readonly onEvent?: (event: BridgeEvent) => void;
};

/**
 * Stream-json mode (what the Claude Agent SDK runs): stdin lines to the transport, client messages
 * to stdout, with backpressure both ways. Blank lines are skipped. stdin EOF means "no more input";
 * the relay ends when the transport closes.
 */
export async function runStreamJson(
  options: RelayOptions & {
    readonly stdin: Readable;
    /** Aborted on a signal: then a client that does not read no longer holds the agent's output. */
    readonly terminated?: AbortSignal;
    /** Longest accepted stdin line (default 32 MiB); a longer one is dropped and reported. */
    readonly maxLineBytes?: number;
    readonly writeStderr?: (text: string) => void;
  },
): Promise<RelayOutcome> {
  const { transport, stdin, stdout } = options;
  let congested = false;
  const writer = createLineWriter({
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
  // A client that went away or stopped reading after a signal never drains again: stop holding
  // the agent's output for it (what is left is read and dropped).
  const release = () => {
    writer.discard();
    transport.resumeOutput();
  };
  options.terminated?.addEventListener('abort', () => congested && release(), { once: true });
  stdout.on('error', () => {
    release();
    void transport.close();
  });
  let lastResultIsError = false;
  transport.onEvent((event) => {
    if (event.type === 'client-message') {
      if (event.message.type === 'result') lastResultIsError = event.message.is_error;
      writer.write(event.message);
    } else if (event.type === 'client-line') writer.writeLine(event.line);
    else options.onEvent?.(event);
  });
  await transport.start();

  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let paused = false;
  let inputEnded = false;
  const splitter = createLineSplitter({
    maxLineBytes,
    onLine: (line) => {
      if (line.trim() !== '' && !transport.writeClientLine(line) && !paused) {
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
    if (paused) stdin.resume();
    paused = false;
  });
  const onData = (chunk: Buffer | string) =>
    splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const onInputEnd = () => {
    if (inputEnded) return;
    splitter.end();
    inputEnded = true;
    transport.endClientInput();
  };
  stdin.on('data', onData).once('end', onInputEnd).once('close', onInputEnd);
  const exit = await transport.closed;
  writer.flush();
  const outcome = { exit, inputEnded, lastResultIsError };
  stdin.off('data', onData).off('end', onInputEnd).off('close', onInputEnd).pause();
  return outcome;
}

const controlTypes = new Set(['control_request', 'control_response', 'control_cancel_request']);

/**
 * Print mode (`-p`), as `claude -p`: sends one `user` message and writes the result text (`text`),
 * the `result` on one line (`json`) or every message but control lines (`stream-json`). A control
 * request (no client to ask) is answered with an error so the turn goes on. Input ends after the
 * first `result`.
 */
export async function runPrint(
  options: RelayOptions & { readonly prompt: string; readonly outputFormat: OutputFormat },
): Promise<RelayOutcome> {
  const { transport, stdout, outputFormat } = options;
  let result: ResultMessage | undefined;
  // The reader went away (EPIPE): stop the agent rather than crash.
  stdout.on('error', () => void transport.close());
  transport.onEvent((event) => {
    if (event.type !== 'client-message') options.onEvent?.(event);
    else if (event.message.type === 'control_request') {
      const error = 'agentbridge print mode has no interactive client';
      const response = { subtype: 'error', request_id: event.message.request_id, error };
      transport.writeClientLine(JSON.stringify({ type: 'control_response', response }));
    } else {
      const { message } = event;
      if (outputFormat === 'stream-json' && !controlTypes.has(message.type)) {
        stdout.write(`${JSON.stringify(message)}\n`);
      }
      if (message.type !== 'result' || result !== undefined) return;
      result = message;
      if (outputFormat === 'json') stdout.write(`${JSON.stringify(message)}\n`);
      const errors = message.subtype === 'success' ? undefined : message.errors?.join('\n');
      if (outputFormat === 'text') stdout.write(`${message.result ?? errors ?? ''}\n`);
      transport.endClientInput();
    }
  });
  await transport.start();
  const user = { role: 'user', content: options.prompt };
  transport.writeClientLine(
    JSON.stringify({ type: 'user', message: user, parent_tool_use_id: null, session_id: '' }),
  );
  const exit = await transport.closed;
  return {
    exit,
    inputEnded: result !== undefined,
    lastResultIsError: result?.is_error === true,
    result,
  };
}
