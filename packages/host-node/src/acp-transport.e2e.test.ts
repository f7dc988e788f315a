import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendManifest, BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, type FakeBridgeLog } from './__fixtures__/fake-bridge.js';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { type AcpTransportOptions, createAcpTransport } from './acp-transport.js';
import { listProcessRecords } from './process-record.js';

const transports: Transport[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

/** A transport over a Node fixture with the fake bridge; collects the events and client messages. */
function startAgent(args: string[], extra: Partial<AcpTransportOptions> = {}) {
  const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
  const logger = createMemoryLogger();
  const transport = createAcpTransport({
    command: process.execPath,
    args: [fixturePath(args[0] ?? ''), ...args.slice(1)],
    env: { PATH: process.env.PATH ?? '' },
    launch: { cwd: process.cwd() },
    createBridge: createFakeBridge(log),
    logger,
    // Generous: a loaded machine may take long to exit on stdin EOF; nothing waits for the grace.
    stopGraceMs: 20_000,
    ...extra,
  });
  transports.push(transport);
  const events: BridgeEvent[] = [];
  const messages: Record<string, unknown>[] = [];
  transport.onEvent((event) => {
    events.push(event);
    if (event.type === 'client-message') messages.push(event.message as Record<string, unknown>);
  });
  return { transport, log, logger, events, messages };
}

const startEcho = (extra: Partial<AcpTransportOptions> = {}) =>
  startAgent(['line-writer.mjs', 'echo'], extra);

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

  it('X-01/H-20: the bridge hears the exit with the redacted stderr tail, after the last stdout line', async () => {
    const { transport, log, messages } = startEcho({ secrets: ['stdin closed'] });
    await transport.start();
    transport.writeClientLine(JSON.stringify({ say: 'last' }));
    await eventually(() => messages.length === 1);
    transport.endClientInput();
    await transport.closed;

    expect(log.exits).toEqual([
      { code: 0, signal: null, stderrTail: expect.any(String), stopped: false },
    ]);
    const tail = log.exits?.[0]?.stderrTail ?? '';
    expect(tail).toContain('***');
    expect(tail).not.toContain('stdin closed');
    expect(log.calls.at(-1)).toBe('exit 0 null');
  });

  it('FT-06 an agent stopped by close() reaches the bridge as stopped (the user interrupted the run)', async () => {
    const { transport, log } = startEcho();
    await transport.start();
    await transport.close();
    expect(log.exits).toEqual([expect.objectContaining({ stopped: true })]);
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

  it('X-09 stop-agent closes stdin first: an agent that exits on EOF is never signalled', async () => {
    const { transport, events } = startEcho();
    await transport.start();
    transport.writeClientLine(
      JSON.stringify({ event: { type: 'stop-agent', reason: 'handshake failed' } }),
    );
    const exit = await transport.closed;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stderrTail).toContain('stdin closed');
    expect(events.at(-1)).toEqual({ type: 'agent-exited', code: 0, signal: null });
  });

  it.skipIf(process.platform !== 'linux')(
    'X-07 stop-agent stops an agent that ignores EOF and SIGTERM, with its children (exitsOnStdinEof false)',
    async () => {
      const backend = {
        process: { names: ['node'], exitsOnStdinEof: false, stopGraceMs: 100 },
      } as unknown as BackendManifest;
      const { transport, log, messages, events } = startAgent(['stubborn-tree.mjs'], {
        backend,
        stopGraceMs: undefined,
      });
      await transport.start();
      await eventually(() => messages.length === 1);
      const pids = messages[0]?.params as { pid: number; childPid: number };
      expect(events[0]).toEqual({
        type: 'agent-started',
        pid: pids.pid,
        command: process.execPath,
      });
      expect(isProcessAlive(pids.childPid)).toBe(true);
      transport.writeClientLine(
        JSON.stringify({ event: { type: 'stop-agent', reason: 'handshake failed' } }),
      );
      const exit = await transport.closed;
      expect(exit.signal).toBe('SIGKILL');
      expect(
        await eventually(() => !isProcessAlive(pids.pid) && !isProcessAlive(pids.childPid)),
      ).toBe(true);
      expect(log.calls.at(-1)).toBe('exit null SIGKILL');
    },
  );

  it('X-04 an over-long stdout line reaches the bridge as an agent fault, in order', async () => {
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$'] },
    } as unknown as BackendManifest;
    const { transport, log, messages } = startAgent(
      ['line-writer.mjs', 'long', String(64 * 1024)],
      {
        backend,
        maxLineBytes: 1024,
      },
    );
    await transport.start();
    await transport.closed;

    expect(messages.slice(0, 3)).toEqual([
      { type: 'echo', params: { n: 1 } },
      {
        type: 'fault',
        kind: 'line-too-long',
        message: 'The agent wrote a line longer than 1024 bytes on stdout; it was dropped.',
      },
      { type: 'echo', params: { n: 2 } },
    ]);
    expect(log.calls.filter((call) => call.startsWith('fault'))).toEqual(['fault line-too-long']);
  });

  it('X-04 a stderr line matching quirks.fatalStderrPatterns is a fatal-stderr fault; other lines are not', async () => {
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$', '(unclosed'] },
    } as unknown as BackendManifest;
    const { transport, logger, messages } = startAgent(
      ['line-writer.mjs', 'flood', '64', String(300 * 1024)],
      { backend },
    );
    await transport.start();
    await transport.closed;

    expect(messages.filter((message) => message.type === 'fault')).toEqual([
      { type: 'fault', kind: 'fatal-stderr', message: `done ${300 * 1024}` },
    ]);
    expect(logger.entries.map((entry) => entry.message)).toContain(
      'invalid fatalStderrPatterns entry ignored',
    );
  });

  it('Z-01/Z-02/Z-05 records the agent under the state directory and removes the record on shutdown', async () => {
    const stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-transport-'));
    directories.push(stateDirectory);
    const { transport, events } = startEcho({ stateDirectory });
    await transport.start();
    const started = events.find((event) => event.type === 'agent-started');
    const records = listProcessRecords(stateDirectory);
    expect(records).toHaveLength(1);
    expect(started).toMatchObject({ type: 'agent-started', pid: expect.any(Number) });
    const pid = started?.type === 'agent-started' ? started.pid : -1;
    expect(records[0]?.record).toMatchObject({
      bridge: { pid: process.pid },
      agent: { pid },
      processGroupId: process.platform === 'win32' ? null : pid,
      name: path.basename(process.execPath, path.extname(process.execPath)),
    });
    await transport.close();
    expect(listProcessRecords(stateDirectory)).toEqual([]);
  });

  it('rejects start() with a transport error when the agent cannot be spawned', async () => {
    const { transport, log } = startAgent([], { command: '/nonexistent/agent', args: [], env: {} });
    await expect(transport.start()).rejects.toMatchObject({ code: 'transport-closed' });
    const exit = await transport.closed;
    expect(exit.error?.code).toBe('transport-closed');
    expect(log.calls.at(-1)).toBe('exit null null');
  });
});
