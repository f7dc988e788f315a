import type { Writable } from 'node:stream';
import type { OutputFormat } from '../../argv/parse-command-line.js';
import type { RelayEvent, RelayTransport } from './relay-transport.js';
import type { RelayOutcome } from './run-stream-json.js';

/** Options of {@link runPrint}. */
export type RunPrintOptions = {
  readonly transport: RelayTransport;
  readonly prompt: string;
  readonly outputFormat: OutputFormat;
  readonly stdout: Writable;
  readonly onEvent?: (event: RelayEvent) => void;
};

/** How a print-mode run ended. */
export type PrintOutcome = RelayOutcome & {
  /** The turn's `result` message, when one arrived. */
  readonly result?: Record<string, unknown>;
};

const controlTypes: ReadonlySet<string> = new Set([
  'control_request',
  'control_response',
  'control_cancel_request',
]);

/**
 * Print mode (`-p`), as `claude -p`: sends one `user` message, then writes
 * - `text`: the result text and a newline;
 * - `json`: the `result` object on one line;
 * - `stream-json`: every message line (no control lines), ending with the `result`.
 * A control request from the bridge (no client to ask) is answered with an error so the turn goes
 * on. Input ends after the first `result`.
 */
export async function runPrint(options: RunPrintOptions): Promise<PrintOutcome> {
  const { transport, stdout } = options;
  let result: Record<string, unknown> | undefined;
  let inputEnded = false;

  // The reader went away (EPIPE): stop the agent rather than crash.
  stdout.on('error', () => void transport.close());
  transport.onClientLine((line) => {
    const message = parseObject(line);
    const type = typeof message?.type === 'string' ? message.type : undefined;
    if (type === 'control_request' && message) {
      transport.writeClientLine(
        JSON.stringify({
          type: 'control_response',
          response: {
            subtype: 'error',
            request_id: message.request_id,
            error: 'agentbridge print mode has no interactive client',
          },
        }),
      );
      return;
    }
    if (options.outputFormat === 'stream-json' && type !== undefined && !controlTypes.has(type)) {
      stdout.write(`${line}\n`);
    }
    if (type === 'result' && message && result === undefined) {
      result = message;
      if (options.outputFormat === 'json') stdout.write(`${JSON.stringify(message)}\n`);
      if (options.outputFormat === 'text') stdout.write(`${resultText(message)}\n`);
      inputEnded = true;
      transport.endClientInput();
    }
  });
  if (options.onEvent) transport.onEvent(options.onEvent);

  await transport.start();
  transport.writeClientLine(
    JSON.stringify({
      type: 'user',
      message: { role: 'user', content: options.prompt },
      parent_tool_use_id: null,
      session_id: '',
    }),
  );
  const exit = await transport.closed;
  return {
    exit,
    inputEnded,
    lastResultIsError: result?.is_error === true,
    ...(result ? { result } : {}),
  };
}

function resultText(result: Record<string, unknown>): string {
  if (typeof result.result === 'string') return result.result;
  if (Array.isArray(result.errors)) return result.errors.map(String).join('\n');
  return '';
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
