import { PassThrough, Readable, Writable } from 'node:stream';
import type { BridgeEvent } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { collect, createFakeTransport, turn } from './__fixtures__/fake-transport.js';
import { runStreamJson } from './run-modes.js';

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
