import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInbound } from '../machine/agent-intake.js';
import { createJsonRpcChannel } from './json-rpc.js';

describe('parseInbound', () => {
  it('seed#20 A-05 text that is not a JSON object is not protocol (sign-in banners, ANSI colour)', () => {
    for (const line of [
      '',
      'Gemini CLI v1',
      'Please open https://example.com/device',
      '\u001b[32m{"a":1}',
      '[1]',
    ])
      expect(parseInbound(line)).toBeUndefined();
  });

  it('A-05 FT-02 a line that starts like an object but is not JSON is malformed (maybe a lost answer)', () => {
    for (const line of ['{oops', ' {"jsonrpc":"2.0","id":3,"result":{"stopR'])
      expect(parseInbound(line)).toBe('malformed');
  });

  it('seed#77 A-05 A-06 A-07 classifies requests, notifications and responses; ignores the rest', () => {
    expect(parseInbound('{"jsonrpc":"2.0"}')).toBeUndefined();
    expect(parseInbound('{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}')).toBeUndefined();
    expect(
      parseInbound('{"method":"fs/read_text_file","params":{},"id":"abc","jsonrpc":"2.0"}'),
    ).toEqual({
      kind: 'request',
      id: 'abc',
      method: 'fs/read_text_file',
      params: {},
    });
    expect(
      parseInbound('{"jsonrpc":"2.0","method":"session/update","params":{"x":1},"id":null}'),
    ).toEqual({
      kind: 'notification',
      method: 'session/update',
      params: { x: 1 },
    });
    expect(parseInbound('{"result":{"ok":true},"jsonrpc":"2.0","id":3}')).toEqual({
      kind: 'response',
      id: 3,
      outcome: { ok: true, result: { ok: true } },
    });
    expect(
      parseInbound('{"jsonrpc":"2.0","id":4,"error":{"code":-32000,"message":"auth"}}'),
    ).toEqual({
      kind: 'response',
      id: 4,
      outcome: { ok: false, error: { code: -32000, message: 'auth' } },
    });
  });

  it('A-05 never throws, whatever the line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (line) => {
        parseInbound(line);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('createJsonRpcChannel', () => {
  it('A-01 requests carry integer ids from 1, never reused, and params always', () => {
    const sent: unknown[] = [];
    const channel = createJsonRpcChannel((message) => sent.push(message));
    channel.request('initialize', {}, () => {});
    channel.request('session/new', { cwd: '/' }, () => {});
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'session/new', params: { cwd: '/' } },
    ]);
  });

  it('A-02 A-03 A-04 notifications, results and errors echo the id verbatim', () => {
    const sent: unknown[] = [];
    const channel = createJsonRpcChannel((message) => sent.push(message));
    channel.notify('session/cancel', { sessionId: 's' });
    channel.respond('abc', { outcome: { outcome: 'cancelled' } });
    channel.respondError(7, -32601, 'nope');
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 's' } },
      { jsonrpc: '2.0', id: 'abc', result: { outcome: { outcome: 'cancelled' } } },
      { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'nope' } },
    ]);
  });

  it('A-07 F-02 only numeric ids settle pending requests, each once; settleAll answers the rest', () => {
    const settled: unknown[] = [];
    const channel = createJsonRpcChannel(() => {});
    channel.request('x', {}, (outcome) => settled.push(outcome));
    expect(channel.settle('1', { ok: true, result: 1 })).toBe(false);
    expect(channel.settle(1, { ok: true, result: 2 })).toBe(true);
    expect(channel.settle(1, { ok: true, result: 3 })).toBe(false);
    channel.request('y', {}, (outcome) => settled.push(outcome));
    channel.settleAll('gone');
    expect(channel.settle(2, { ok: true, result: 0 })).toBe(false);
    expect(settled).toEqual([
      { ok: true, result: 2 },
      { ok: false, error: { message: 'gone' } },
    ]);
  });
});
