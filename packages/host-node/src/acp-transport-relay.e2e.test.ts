import { describe, expect, it } from 'vitest';
import { eventually } from './__fixtures__/process-helpers.js';
import { useAgentTransports } from './__fixtures__/use-agent-transports.js';

const { startAgent, startEcho } = useAgentTransports();

describe('createAcpTransport (real agent process, fake bridge)', () => {
  it('X-04/X-05 relays through the bridge in order; non-JSON stdout and stderr become masked agent-output events, never client messages', async () => {
    const { transport, log, logger, messages, events } = startEcho({
      secrets: ['example.com/login'],
    });
    await transport.start();
    for (let index = 0; index < 3; index += 1)
      transport.writeClientLine(JSON.stringify({ say: index }));
    await eventually(() => messages.length === 3);
    transport.endClientInput();
    const exit = await transport.closed;

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stderrTail).toContain('stdin closed');
    expect(messages).toEqual([
      { type: 'echo', params: { say: 0 } },
      { type: 'echo', params: { say: 1 } },
      { type: 'echo', params: { say: 2 } },
      { type: 'result', subtype: 'agent_exit', code: 0 },
    ]);
    expect(log.calls.at(-2)).toBe('client-end');
    expect(log.calls.at(-1)).toBe('exit 0 null');
    expect(log.options?.launch.agentCommand).toBe(process.execPath);
    // Names of the agent's variables only, never their values.
    expect(log.options?.launch.environmentVariableNames).toEqual(['PATH']);
    expect(JSON.stringify(log.options?.launch)).not.toContain(process.env.PATH ?? '');
    expect(events.filter((event) => event.type === 'agent-output')).toEqual([
      { type: 'agent-output', stream: 'stdout', line: 'Welcome! Open https://*** to sign in' },
      { type: 'agent-output', stream: 'stderr', line: 'stdin closed' },
    ]);
    // Every bridge event reaches the listener unchanged, between the process events.
    expect(events.filter((event) => event.type === 'agent-message')).toHaveLength(3);
    expect(events).toContainEqual({ type: 'stop-agent', reason: 'client done' });
    expect(events[0]).toMatchObject({ type: 'agent-started', command: process.execPath });
    expect(events.at(-1)).toEqual({ type: 'agent-exited', code: 0, signal: null });
    expect(logger.entries.some((entry) => entry.message === 'agent stdout')).toBe(true);
    expect(JSON.stringify(logger.entries)).not.toContain('example.com/login');
  });

  it('serialises a re-entrant client write made from inside the event listener', async () => {
    const { transport, log, events } = startEcho();
    const messages: Record<string, unknown>[] = [];
    // onEvent sets the one listener: this one replaces the collector of startEcho.
    transport.onEvent((event) => {
      if (event.type !== 'client-message') return;
      messages.push(event.message as Record<string, unknown>);
      if (messages.length === 1)
        transport.writeClientLine(JSON.stringify({ say: 'from-listener' }));
    });
    await transport.start();
    transport.writeClientLine(JSON.stringify({ say: 'first' }));
    await eventually(() => messages.length === 2);
    expect(log.maxDepth).toBe(1);
    expect(messages.map((message) => (message.params as { say: string }).say)).toEqual([
      'first',
      'from-listener',
    ]);
    expect(events).toEqual([]);
  });

  it('X-11 what is observable: agent-started carries the pid, the client sees the bridge messages only, never a raw agent line', async () => {
    const { transport, events, messages } = startAgent(['line-writer.mjs', 'argv']);
    await transport.start();
    await transport.closed;
    const reported = messages[0]?.params as { pid: number };
    expect(events[0]).toEqual({
      type: 'agent-started',
      pid: reported.pid,
      command: process.execPath,
    });
    expect(messages.map((message) => message.type)).toEqual(['echo', 'result']);
    expect(events.some((event) => event.type === 'client-line')).toBe(false);
  });

  it('X-06 writeClientLine is false before start() and once the transport closed', async () => {
    const { transport } = startEcho();
    expect(transport.writeClientLine(JSON.stringify({ say: 'early' }))).toBe(false);
    await transport.start();
    expect(transport.writeClientLine(JSON.stringify({ say: 'running' }))).toBe(true);
    await transport.close();
    expect(transport.writeClientLine(JSON.stringify({ say: 'late' }))).toBe(false);
  });
});
