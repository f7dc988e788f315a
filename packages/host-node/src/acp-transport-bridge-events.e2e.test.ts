import type { BridgeEvent } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { eventually } from './__fixtures__/process-helpers.js';
import { useAgentTransports } from './__fixtures__/use-agent-transports.js';

const { startEcho } = useAgentTransports();

describe('createAcpTransport (real agent process, fake bridge)', () => {
  it('carries out start-timer and cancel-timer, and hands session events on unchanged', async () => {
    const { transport, log, messages, events } = startEcho();
    await transport.start();
    const sessionOpened: BridgeEvent = {
      type: 'session-opened',
      sessionId: 's-1',
      resumed: true,
      requestedSessionId: 's-0',
      modes: [],
      models: [],
      configOptions: [],
    };
    const send = (event: BridgeEvent) => transport.writeClientLine(JSON.stringify({ event }));
    send({ type: 'start-timer', timerId: 'cancelled', delayMs: 5 });
    send({ type: 'cancel-timer', timerId: 'cancelled' });
    send({ type: 'start-timer', timerId: 'handshake', delayMs: 5 });
    send(sessionOpened);
    await eventually(() => messages.length === 1);
    expect(messages).toEqual([{ type: 'timer', timerId: 'handshake' }]);
    expect(log.calls).not.toContain('timer cancelled');
    expect(events).toContainEqual(sessionOpened);
  });

  it('X-15 carries out host operations with their handlers, answers each once, closes them at exit', async () => {
    let closed = 0;
    const { transport, messages } = startEcho({
      hostOperations: {
        'fs/read_text_file': async ({ path }) => ({ content: `text of ${path}` }),
        'fs/write_text_file': async () => {
          throw new Error('disk full');
        },
        close: async () => {
          closed += 1;
        },
      },
    });
    await transport.start();
    const send = (event: BridgeEvent) => transport.writeClientLine(JSON.stringify({ event }));
    send({
      type: 'host-operation',
      operationId: 'op-1',
      operation: { kind: 'fs/read_text_file', params: { sessionId: 's', path: '/a' } },
    });
    send({
      type: 'host-operation',
      operationId: 'op-2',
      operation: {
        kind: 'fs/write_text_file',
        params: { sessionId: 's', path: '/b', content: 'x' },
      },
    });
    send({
      type: 'host-operation',
      operationId: 'op-3',
      operation: { kind: 'terminal/kill', params: { sessionId: 's', terminalId: 't' } },
    });
    await eventually(() => messages.length === 3);
    // Each settles when its handler does: the order is the handlers', not the requests'.
    const byId = (message: Record<string, unknown>) => String(message.operationId);
    expect([...messages].sort((a, b) => byId(a).localeCompare(byId(b)))).toEqual([
      {
        type: 'host-result',
        operationId: 'op-1',
        result: { ok: true, value: { content: 'text of /a' } },
      },
      { type: 'host-result', operationId: 'op-2', result: { ok: false, message: 'disk full' } },
      {
        type: 'host-result',
        operationId: 'op-3',
        result: { ok: false, message: 'This host does not carry out terminal/kill.' },
      },
    ]);
    transport.endClientInput();
    await transport.closed;
    expect(closed).toBe(1);
  });
});
