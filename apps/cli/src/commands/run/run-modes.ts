import type { Readable, Writable } from 'node:stream';
import type { BridgeEvent, ResultMessage, Transport } from '@agentbridge/core/contracts';
import { createLineSplitter, createLineWriter, defaultMaxLineBytes } from '@agentbridge/host-node';
import type { OutputFormat } from '../../argv/parse-command-line.js';

/** How a relay ended: `inputEnded` before the exit is a normal end; `result`: print mode's. */
type RelayOutcome = {
  readonly exit: Awaited<Transport['closed']>;
  readonly inputEnded: boolean;
  readonly lastResultIsError: boolean;
  readonly result?: ResultMessage;
};

type WriteText = (text: string) => void;

/** What both modes relay between: the transport and the client's stdout (protocol only). */
type RelayOptions = {
  readonly transport: Transport;
  readonly stdout: Writable;
  /** Every event that is not for the client (agent output, sessions, sign-in). */
  readonly onEvent?: (event: BridgeEvent) => void;
  /** Masks secrets in the lines the writer encodes itself (FT-08). */
  readonly mask?: (text: string) => string;
};

/**
 * Stream-json mode (what the Claude Agent SDK runs): stdin lines (blank ones skipped) to the
 * transport, client messages to stdout, with backpressure both ways, until the transport closes.
 */
export async function runStreamJson(
  options: RelayOptions & {
    readonly stdin: Readable;
    /** Aborted on a signal: then a client that does not read no longer holds the agent's output. */
    readonly terminated?: AbortSignal;
    /** Longest accepted stdin line (default 32 MiB); a longer one is dropped and reported. */
    readonly maxLineBytes?: number;
    readonly writeStderr?: WriteText;
  },
): Promise<RelayOutcome> {
  const { transport, stdin, stdout, terminated } = options;
  let congested = false;
  const writer = createLineWriter({
    output: stdout,
    mask: options.mask,
    onCongested: () => {
      congested = true;
      if (terminated?.aborted) writer.discard();
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
  terminated?.addEventListener('abort', () => congested && release(), { once: true });
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
  stdin.off('data', onData).off('end', onInputEnd).off('close', onInputEnd).pause();
  return { exit, inputEnded, lastResultIsError };
}

const controlTypes = new Set(['control_request', 'control_response', 'control_cancel_request']);

/**
 * Print mode (`-p`), as `claude -p`: one `user` message, then the result text (`text`), the `result`
 * (`json`) or every message but control lines (`stream-json`); input ends at the first `result`. A
 * control request (no client to ask) is answered with an error so the turn goes on.
 */
export async function runPrint(
  options: RelayOptions & { readonly prompt: string; readonly outputFormat: OutputFormat },
): Promise<RelayOutcome> {
  const { transport, stdout, outputFormat } = options;
  let result: ResultMessage | undefined;
  // The reader went away (EPIPE): stop the agent rather than crash.
  stdout.on('error', () => void transport.close());
  transport.onEvent((event) => {
    // Every event, before stdout is written: the status line clears itself first (FT-09).
    options.onEvent?.(event);
    if (event.type !== 'client-message') return;
    if (event.message.type === 'control_request') {
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
      // An error's text is in `errors` (an interrupted turn's `result` is its partial text).
      const errors = message.subtype === 'success' ? undefined : message.errors?.join('\n');
      if (outputFormat === 'text') stdout.write(`${errors || message.result || ''}\n`);
      transport.endClientInput();
    }
  });
  await transport.start();
  const user = { role: 'user', content: options.prompt };
  transport.writeClientLine(
    JSON.stringify({ type: 'user', message: user, parent_tool_use_id: null, session_id: '' }),
  );
  const exit = await transport.closed;
  const lastResultIsError = result?.is_error === true;
  return { exit, inputEnded: result !== undefined, lastResultIsError, result };
}

/**
 * The exit code after a relay, as `claude`: 1 when the transport failed, the agent exited non-zero
 * (or was killed before the client ended its input) or the last `result` is an error, else 0; with
 * the reason and the agent's stderr tail (the SDK shows it). A real `claude`'s code passes through.
 */
export function exitCodeOf(outcome: RelayOutcome, passThrough: boolean, writeStderr: WriteText) {
  const { exit, inputEnded } = outcome;
  // Print mode showed the result, which quotes the tail already (FT-09: said once).
  const quoted = outcome.result !== undefined || !exit.stderrTail.trim();
  const tail = quoted ? '' : `\n${exit.stderrTail.trimEnd()}`;
  if (exit.error) {
    writeStderr(`agentbridge: error: ${exit.error.message}${tail}\n`);
    return 1;
  }
  if (passThrough) return exit.code ?? 1;
  if ((exit.code !== null && exit.code !== 0) || (exit.signal !== null && !inputEnded)) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    writeStderr(`agentbridge: error: the agent ${how}${tail}\n`);
    return 1;
  }
  return outcome.lastResultIsError ? 1 : 0;
}
