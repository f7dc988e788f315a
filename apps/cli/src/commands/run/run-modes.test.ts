import { PassThrough, Readable, Writable } from 'node:stream';
import type {
  BridgeEvent,
  KnownServerMessage,
  ResultMessage,
  Transport,
  TransportExit,
} from '@agentbridge/core';
import { AgentError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, runPrint, runStreamJson } from './run-modes.js';

type Script = (line: string, emit: (message: unknown) => void) => void;

/** An in-memory transport: answers each client line with `script`, exits when input ends. */
function createFakeTransport(script: Script) {
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

const turn: Script = (line, emit) => {
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

function collect(): { stream: PassThrough; lines(): string[] } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('runStreamJson', () => {
  it('relays stdin lines to the transport and its lines to stdout, in order, then ends input', async () => {
    const transport = createFakeTransport(turn);
    const stdout = collect();
    const stdin = Readable.from([
      '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}\n{"type":"us',
      'er","message":{"role":"user","content":"hi"}}\r\n\n',
    ]);
    const outcome = await runStreamJson({ transport, stdin, stdout: stdout.stream });
    expect(transport.clientLines.map((line) => JSON.parse(line).type)).toEqual([
      'control_request',
      'user',
    ]);
    expect(stdout.lines().map((line) => JSON.parse(line).type)).toEqual([
      'control_response',
      'system',
      'control_request',
      'assistant',
      'result',
    ]);
    expect(transport.calls).toEqual(['start', 'endClientInput']);
    expect(outcome).toEqual({
      exit: { code: 0, signal: null, stderrTail: '' },
      inputEnded: true,
      lastResultIsError: false,
    });
  });

  it('an over-long stdin line is dropped and reported on stderr; the lines around it still arrive', async () => {
    const transport = createFakeTransport(turn);
    const stdout = collect();
    const errors: string[] = [];
    const long = `{"type":"user","filler":"${'x'.repeat(200)}"}`;
    const stdin = Readable.from([
      Buffer.from(
        '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}\n',
      ),
      Buffer.from(`${long.slice(0, 100)}`),
      Buffer.from(`${long.slice(100)}\n{"type":"user","message":{"role":"user","content":"hi"}}\n`),
    ]);
    const outcome = await runStreamJson({
      transport,
      stdin,
      stdout: stdout.stream,
      maxLineBytes: 128,
      writeStderr: (text) => errors.push(text),
    });
    expect(transport.clientLines.map((line) => JSON.parse(line))).toEqual([
      { type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } },
      { type: 'user', message: { role: 'user', content: 'hi' } },
    ]);
    expect(errors).toEqual([
      `agentbridge: error: an input line of ${long.length} bytes is longer than the 128-byte limit; it was dropped\n`,
    ]);
    expect(outcome.inputEnded).toBe(true);
  });

  it('pauses the agent output while stdout is congested and resumes on drain', async () => {
    const transport = createFakeTransport(turn);
    const written: string[] = [];
    const stdout = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString('utf8'));
        setImmediate(callback);
      },
    });
    await runStreamJson({
      transport,
      stdin: Readable.from(['{"type":"user","message":{"role":"user","content":"hi"}}\n']),
      stdout,
    });
    await new Promise((resolve) => stdout.once('drain', resolve));
    expect(transport.calls.filter((call) => call !== 'endClientInput')).toEqual([
      'start',
      'pauseOutput',
      'resumeOutput',
    ]);
    expect(written.join('').split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('X-08 a client gone (EPIPE) closes the transport and stops holding the agent output for it', async () => {
    const transport = createFakeTransport(turn);
    const stdout = new Writable({
      highWaterMark: 1,
      write(_chunk: Buffer, _encoding, callback) {
        setImmediate(() => callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })));
      },
    });
    // The client's input stays open: only the broken stdout can end this run.
    const stdin = new PassThrough();
    stdin.write('{"type":"user","message":{"role":"user","content":"hi"}}\n');
    const outcome = await runStreamJson({ transport, stdin, stdout });
    expect(transport.calls).toEqual(['start', 'pauseOutput', 'resumeOutput']);
    expect(outcome.inputEnded).toBe(false);
    expect(outcome.exit).toEqual({ code: 0, signal: null, stderrTail: '' });
  });

  it('reports a process that exits before the client ended its input', async () => {
    const transport = createFakeTransport(() => {});
    const running = runStreamJson({
      transport,
      stdin: new PassThrough(),
      stdout: collect().stream,
    });
    await Promise.resolve();
    transport.crash(3);
    const outcome = await running;
    expect(outcome).toEqual({
      exit: { code: 3, signal: null, stderrTail: 'agent: fatal' },
      inputEnded: false,
      lastResultIsError: false,
    });
  });

  it('passes events through', async () => {
    const transport = createFakeTransport(() => {});
    const events: BridgeEvent[] = [];
    const stdin = new PassThrough();
    const running = runStreamJson({
      transport,
      stdin,
      stdout: collect().stream,
      onEvent: (event) => events.push(event),
    });
    await Promise.resolve();
    const opened: BridgeEvent = {
      type: 'session-opened',
      sessionId: 'abc',
      resumed: false,
      modes: [],
      models: [],
      configOptions: [],
    };
    transport.event(opened);
    transport.event({ type: 'agent-output', stream: 'stderr', line: 'agent says hi' });
    stdin.end();
    await running;
    expect(events).toEqual([
      opened,
      { type: 'agent-output', stream: 'stderr', line: 'agent says hi' },
    ]);
  });
});

describe('runPrint (stream-json.md §7)', () => {
  it.each([
    ['text', ['Hello']],
    [
      'json',
      [{ type: 'result', subtype: 'success', is_error: false, result: 'Hello', session_id: 's1' }],
    ],
    [
      'stream-json',
      [
        { type: 'system', subtype: 'init', session_id: 's1' },
        {
          type: 'assistant',
          message: { content: [{ type: 'text', text: 'Hello' }] },
          session_id: 's1',
        },
        { type: 'result', subtype: 'success', is_error: false, result: 'Hello', session_id: 's1' },
      ],
    ],
  ] as const)('--output-format %s', async (outputFormat, expected) => {
    const transport = createFakeTransport(turn);
    const stdout = collect();
    const outcome = await runPrint({
      transport,
      prompt: 'say hi',
      outputFormat,
      stdout: stdout.stream,
    });
    const lines = stdout.lines();
    expect(outputFormat === 'text' ? lines : lines.map((line) => JSON.parse(line))).toEqual(
      expected,
    );
    expect(outcome.result).toMatchObject({ type: 'result', is_error: false });
    expect(JSON.parse(transport.clientLines[0] as string)).toEqual({
      type: 'user',
      message: { role: 'user', content: 'say hi' },
      parent_tool_use_id: null,
      session_id: '',
    });
    // The permission request had no one to ask: it was answered with an error.
    expect(JSON.parse(transport.clientLines[1] as string)).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'perm-1',
        error: 'agentbridge print mode has no interactive client',
      },
    });
    expect(transport.calls).toEqual(['start', 'endClientInput']);
  });

  it('returns no result when the process dies first', async () => {
    const transport = createFakeTransport(() => transport.crash(1));
    const outcome = await runPrint({
      transport,
      prompt: 'x',
      outputFormat: 'text',
      stdout: collect().stream,
    });
    expect(outcome.result).toBeUndefined();
    expect(outcome.exit.code).toBe(1);
  });
});

describe('exitCodeOf', () => {
  const clean = { code: 0, signal: null, stderrTail: '' };
  it.each([
    ['a clean end', { exit: clean, inputEnded: true, lastResultIsError: false }, 0, ''],
    [
      'an error result (claude exits 1)',
      { exit: clean, inputEnded: true, lastResultIsError: true },
      1,
      '',
    ],
    [
      'an agent exit code',
      {
        exit: { code: 3, signal: null, stderrTail: 'boom\n' },
        inputEnded: true,
        lastResultIsError: true,
      },
      1,
      'agentbridge: the agent exited with code 3\nboom\n',
    ],
    [
      'a signal before input ended',
      {
        exit: { code: null, signal: 'SIGKILL', stderrTail: '' },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: the agent was killed by SIGKILL\n',
    ],
    [
      'our own stop after input ended',
      {
        exit: { code: null, signal: 'SIGTERM', stderrTail: '' },
        inputEnded: true,
        lastResultIsError: false,
      },
      0,
      '',
    ],
    [
      'a transport failure',
      {
        exit: {
          code: null,
          signal: null,
          stderrTail: 'tail',
          error: new AgentError('handshake-failed', 'no answer'),
        },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: no answer\ntail\n',
    ],
  ])('%s', (_name, outcome, code, stderr) => {
    const written: string[] = [];
    expect(exitCodeOf(outcome, false, (text) => written.push(text))).toBe(code);
    expect(written.join('')).toBe(stderr);
  });

  it('FT-09 print mode showed the result, which quotes the stderr tail: the tail is not repeated', () => {
    const written: string[] = [];
    const exit = { code: 1, signal: null, stderrTail: 'fatal: no key\n' };
    const result = { type: 'result', is_error: true } as unknown as ResultMessage;
    const outcome = { exit, inputEnded: true, lastResultIsError: true, result };
    expect(exitCodeOf(outcome, false, (text) => written.push(text))).toBe(1);
    expect(written).toEqual(['agentbridge: the agent exited with code 1\n']);
  });

  it('passes a real claude exit code through', () => {
    const outcome = {
      exit: { code: 7, signal: null, stderrTail: '' },
      inputEnded: true,
      lastResultIsError: false,
    };
    expect(exitCodeOf(outcome, true, () => {})).toBe(7);
  });
});
