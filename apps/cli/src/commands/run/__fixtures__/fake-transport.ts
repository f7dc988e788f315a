import { PassThrough } from 'node:stream';
import type { BridgeEvent, KnownServerMessage, Transport, TransportExit } from '@agentbridge/core';

/** Answers one client line, emitting server messages. */
export type Script = (line: string, emit: (message: unknown) => void) => void;

/** An in-memory transport: answers each client line with `script`, exits when input ends. */
export function createFakeTransport(script: Script) {
  const clientLines: string[] = [];
  const calls: string[] = [];
  let listener: (event: BridgeEvent) => void = () => {};
  let resolveClosed: (exit: TransportExit) => void = () => {};
  const closed = new Promise<TransportExit>((resolve) => {
    resolveClosed = resolve;
  });
  const exit: TransportExit = { code: 0, signal: null, stderrTail: '' };
  const transport: Transport & {
    clientLines: string[];
    calls: string[];
    event(event: BridgeEvent): void;
    crash(code: number): void;
  } = {
    clientLines,
    calls,
    async start() {
      calls.push('start');
    },
    writeClientLine(line) {
      clientLines.push(line);
      script(line, (message) =>
        listener({ type: 'client-message', message: message as KnownServerMessage }),
      );
      return true;
    },
    endClientInput() {
      calls.push('endClientInput');
      queueMicrotask(() => resolveClosed(exit));
    },
    onInputDrain() {},
    pauseOutput() {
      calls.push('pauseOutput');
    },
    resumeOutput() {
      calls.push('resumeOutput');
    },
    onEvent(next) {
      listener = next;
    },
    closed,
    async close() {
      resolveClosed(exit);
      return exit;
    },
    event(event) {
      listener(event);
    },
    crash(code) {
      resolveClosed({ code, signal: null, stderrTail: 'agent: fatal' });
    },
  };
  return transport;
}

/** A turn as the bridge plays it: init, a permission request, the answer, a success result. */
export const turn: Script = (line, emit) => {
  const message = JSON.parse(line) as { type: string; request_id?: string };
  if (message.type === 'control_request') {
    emit({
      type: 'control_response',
      response: { subtype: 'success', request_id: message.request_id, response: {} },
    });
    return;
  }
  if (message.type !== 'user') return;
  emit({ type: 'system', subtype: 'init', session_id: 's1' });
  emit({
    type: 'control_request',
    request_id: 'perm-1',
    request: { subtype: 'can_use_tool', tool_name: 'Bash' },
  });
  emit({
    type: 'assistant',
    message: { content: [{ type: 'text', text: 'Hello' }] },
    session_id: 's1',
  });
  emit({ type: 'result', subtype: 'success', is_error: false, result: 'Hello', session_id: 's1' });
};

/** A stream that collects what is written to it, read back as lines. */
export function collect(): { stream: PassThrough; lines(): string[] } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}
