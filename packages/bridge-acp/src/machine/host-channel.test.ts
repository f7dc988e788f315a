import type { BridgeEvent, HostResult } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { createHostChannel } from './host-channel.js';

describe('createHostChannel', () => {
  it('F-06 emits each operation with a fresh id and settles it once; the session end fails the rest', () => {
    const events: BridgeEvent[] = [];
    const results: [string, HostResult][] = [];
    const host = createHostChannel((event) => events.push(event));
    host.perform('fs/read_text_file', { sessionId: 's', path: '/a' }, (result) =>
      results.push(['read', result]),
    );
    host.perform('terminal/kill', { sessionId: 's', terminalId: 't' }, (result) =>
      results.push(['kill', result]),
    );
    expect(events).toEqual([
      {
        type: 'host-operation',
        operationId: 'op-1',
        operation: { kind: 'fs/read_text_file', params: { sessionId: 's', path: '/a' } },
      },
      {
        type: 'host-operation',
        operationId: 'op-2',
        operation: { kind: 'terminal/kill', params: { sessionId: 's', terminalId: 't' } },
      },
    ]);
    expect(host.settle('op-1', { ok: true, value: { content: 'text' } })).toBe(true);
    expect(host.settle('op-1', { ok: true, value: { content: 'again' } })).toBe(false);
    host.settleAll('The agent process exited.');
    expect(host.settle('op-2', { ok: true, value: {} })).toBe(false);
    expect(results).toEqual([
      ['read', { ok: true, value: { content: 'text' } }],
      ['kill', { ok: false, message: 'The agent process exited.' }],
    ]);
  });
});
