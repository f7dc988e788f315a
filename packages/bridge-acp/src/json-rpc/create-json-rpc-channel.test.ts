import { describe, expect, it } from 'vitest';
import { createJsonRpcChannel } from './create-json-rpc-channel.js';

describe('createJsonRpcChannel', () => {
  it('A-01 requests carry integer ids from 1, never reused, and params always', () => {
    const lines: unknown[] = [];
    const channel = createJsonRpcChannel((line) => lines.push(JSON.parse(line)));
    channel.request('initialize', {}, () => {});
    channel.request('session/new', { cwd: '/' }, () => {});
    expect(lines).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'session/new', params: { cwd: '/' } },
    ]);
  });

  it('A-02 A-03 A-04 notifications, results and errors echo the id verbatim', () => {
    const lines: unknown[] = [];
    const channel = createJsonRpcChannel((line) => lines.push(JSON.parse(line)));
    channel.notify('session/cancel', { sessionId: 's' });
    channel.respond('abc', { outcome: { outcome: 'cancelled' } });
    channel.respondError(7, -32601, 'nope');
    expect(lines).toEqual([
      { jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 's' } },
      { jsonrpc: '2.0', id: 'abc', result: { outcome: { outcome: 'cancelled' } } },
      { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'nope' } },
    ]);
  });

  it('A-07 F-02 only numeric ids settle pending requests, each once', () => {
    const settled: unknown[] = [];
    const channel = createJsonRpcChannel(() => {});
    channel.request('x', {}, (outcome) => settled.push(outcome));
    expect(channel.settle('1', { ok: true, result: 1 })).toBe(false);
    expect(channel.settle(1, { ok: true, result: 2 })).toBe(true);
    expect(channel.settle(1, { ok: true, result: 3 })).toBe(false);
    expect(settled).toEqual([{ ok: true, result: 2 }]);
    channel.request('y', {}, () => settled.push('y'));
    channel.dropPending();
    expect(channel.pendingCount()).toBe(0);
    expect(channel.settle(2, { ok: true, result: 0 })).toBe(false);
  });
});
