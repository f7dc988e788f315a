import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendManifest } from '@agentbridge/core';
import { createMemoryLogger } from '@agentbridge/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, type FakeBridgeLog } from './__fixtures__/fake-bridge.js';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createAcpBridgeTransport } from './acp-bridge-transport.js';
import type { LineTransport } from './line-transport.js';
import { listProcessRecords } from './process-record.js';
import type { TransportEvent } from './transport-event.js';

const transports: LineTransport[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function startEcho(extra: { secrets?: string[]; stateDirectory?: string } = {}) {
  const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
  const logger = createMemoryLogger();
  const transport = createAcpBridgeTransport({
    command: process.execPath,
    args: [fixturePath('line-writer.mjs'), 'echo'],
    env: { PATH: process.env.PATH ?? '' },
    launch: { cwd: process.cwd() },
    createBridge: createFakeBridge(log),
    logger,
    ...extra,
  });
  transports.push(transport);
  const clientLines: string[] = [];
  const events: TransportEvent[] = [];
  transport.onClientLine((line) => clientLines.push(line));
  transport.onEvent((event) => events.push(event));
  return { transport, log, logger, clientLines, events };
}

describe('createAcpBridgeTransport (real agent process, fake bridge)', () => {
  it('X-04 relays through the bridge in order; non-JSON stdout goes to events and the log, never to the client', async () => {
    const { transport, log, logger, clientLines, events } = startEcho({
      secrets: ['example.com/login'],
    });
    await transport.start();
    for (let index = 0; index < 3; index += 1)
      transport.writeClientLine(JSON.stringify({ say: index }));
    await eventually(() => clientLines.length === 3);
    transport.endClientInput();
    const exit = await transport.closed;

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stderrTail).toContain('stdin closed');
    expect(clientLines.map((line) => JSON.parse(line))).toEqual([
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
    const banner = events.find(
      (event) => event.type === 'agent-output' && event.stream === 'stdout',
    );
    expect(banner).toEqual({
      type: 'agent-output',
      stream: 'stdout',
      line: 'Welcome! Open https://*** to sign in',
    });
    expect(events.map((event) => event.type)).toContain('agent-started');
    expect(events.at(-1)).toEqual({ type: 'agent-exited', code: 0, signal: null });
    expect(logger.entries.some((entry) => entry.message === 'agent stdout')).toBe(true);
    expect(JSON.stringify(logger.entries)).not.toContain('example.com/login');
  });

  it('X-01/H-20: the bridge hears the exit with the redacted stderr tail, after the last stdout line', async () => {
    const { transport, log, clientLines } = startEcho({ secrets: ['stdin closed'] });
    await transport.start();
    transport.writeClientLine(JSON.stringify({ say: 'last' }));
    await eventually(() => clientLines.length === 1);
    transport.endClientInput();
    await transport.closed;

    expect(log.exits).toEqual([{ code: 0, signal: null, stderrTail: expect.any(String) }]);
    const tail = log.exits?.[0]?.stderrTail ?? '';
    expect(tail).toContain('***');
    expect(tail).not.toContain('stdin closed');
    expect(log.calls.at(-1)).toBe('exit 0 null');
  });

  it('serialises a re-entrant client write made from inside the client sink', async () => {
    const { transport, log, clientLines } = startEcho();
    let echoed = false;
    transport.onClientLine((line) => {
      clientLines.push(line);
      if (!echoed) {
        echoed = true;
        transport.writeClientLine(JSON.stringify({ say: 'from-sink' }));
      }
    });
    await transport.start();
    transport.writeClientLine(JSON.stringify({ say: 'first' }));
    await eventually(() => clientLines.length === 2);
    expect(log.maxDepth).toBe(1);
    expect(clientLines.map((line) => JSON.parse(line).params.say)).toEqual(['first', 'from-sink']);
  });

  it('carries out start-timer, cancel-timer and session-opened actions', async () => {
    const { transport, log, clientLines, events } = startEcho();
    await transport.start();
    transport.writeClientLine(
      JSON.stringify({ action: { type: 'start-timer', timerId: 'cancelled', delayMs: 5 } }),
    );
    transport.writeClientLine(
      JSON.stringify({ action: { type: 'cancel-timer', timerId: 'cancelled' } }),
    );
    transport.writeClientLine(
      JSON.stringify({ action: { type: 'start-timer', timerId: 'handshake', delayMs: 5 } }),
    );
    transport.writeClientLine(
      JSON.stringify({
        action: {
          type: 'session-opened',
          sessionId: 's-1',
          resumed: true,
          requestedSessionId: 's-0',
        },
      }),
    );
    await eventually(() => clientLines.length === 1);
    expect(clientLines).toEqual([JSON.stringify({ type: 'timer', timerId: 'handshake' })]);
    expect(log.calls).not.toContain('timer cancelled');
    expect(events).toContainEqual({
      type: 'session-opened',
      sessionId: 's-1',
      resumed: true,
      requestedSessionId: 's-0',
    });
  });

  it.skipIf(process.platform !== 'linux')(
    'terminate-agent stops an agent that ignores EOF and SIGTERM, with its children (exitsOnStdinEof false)',
    async () => {
      const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
      const backend = {
        process: { names: ['node'], exitsOnStdinEof: false, stopGraceMs: 100 },
      } as unknown as BackendManifest;
      const transport = createAcpBridgeTransport({
        command: process.execPath,
        args: [fixturePath('stubborn-tree.mjs')],
        env: { PATH: process.env.PATH ?? '' },
        launch: { cwd: process.cwd() },
        backend,
        createBridge: createFakeBridge(log),
      });
      transports.push(transport);
      const lines: string[] = [];
      transport.onClientLine((line) => lines.push(line));
      await transport.start();
      await eventually(() => lines.length === 1);
      const pids = JSON.parse(lines[0] ?? '{}').params as { pid: number; childPid: number };
      expect(pids.pid).toBe(transport.pid);
      expect(isProcessAlive(pids.childPid)).toBe(true);
      transport.writeClientLine(
        JSON.stringify({ action: { type: 'terminate-agent', reason: 'handshake failed' } }),
      );
      const exit = await transport.closed;
      expect(exit.signal).toBe('SIGKILL');
      expect(
        await eventually(() => !isProcessAlive(pids.pid) && !isProcessAlive(pids.childPid)),
      ).toBe(true);
      expect(log.calls.at(-1)).toBe('exit null SIGKILL');
    },
  );

  it('X-04 an over-long stdout line and a fatal stderr line reach the bridge as agent faults, in order', async () => {
    const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$'] },
    } as unknown as BackendManifest;
    const transport = createAcpBridgeTransport({
      command: process.execPath,
      args: [fixturePath('line-writer.mjs'), 'long', String(64 * 1024)],
      env: { PATH: process.env.PATH ?? '' },
      launch: { cwd: process.cwd() },
      backend,
      maxLineBytes: 1024,
      createBridge: createFakeBridge(log),
    });
    transports.push(transport);
    const lines: string[] = [];
    transport.onClientLine((line) => lines.push(line));
    await transport.start();
    await transport.closed;

    expect(lines.slice(0, 3).map((line) => JSON.parse(line))).toEqual([
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
    const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$'] },
    } as unknown as BackendManifest;
    const transport = createAcpBridgeTransport({
      command: process.execPath,
      args: [fixturePath('line-writer.mjs'), 'flood', '64', String(300 * 1024)],
      env: { PATH: process.env.PATH ?? '' },
      launch: { cwd: process.cwd() },
      backend,
      createBridge: createFakeBridge(log),
    });
    transports.push(transport);
    const lines: string[] = [];
    transport.onClientLine((line) => lines.push(line));
    await transport.start();
    await transport.closed;

    const faults = lines.filter((line) => line.startsWith('{"type":"fault"'));
    expect(faults.map((line) => JSON.parse(line))).toEqual([
      { type: 'fault', kind: 'fatal-stderr', message: `done ${300 * 1024}` },
    ]);
  });

  it('Z-01/Z-05 records the agent under the state directory and removes the record on shutdown', async () => {
    const stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-transport-'));
    directories.push(stateDirectory);
    const { transport } = startEcho({ stateDirectory });
    await transport.start();
    const records = listProcessRecords(stateDirectory);
    expect(records).toHaveLength(1);
    expect(records[0]?.record).toMatchObject({
      bridge: { pid: process.pid },
      agent: { pid: transport.pid },
      processGroupId: process.platform === 'win32' ? null : transport.pid,
      name: path.basename(process.execPath, path.extname(process.execPath)),
    });
    await transport.close();
    expect(listProcessRecords(stateDirectory)).toEqual([]);
  });

  it('rejects start() with a transport error when the agent cannot be spawned', async () => {
    const transport = createAcpBridgeTransport({
      command: '/nonexistent/agent',
      args: [],
      env: {},
      launch: { cwd: process.cwd() },
      createBridge: createFakeBridge({ calls: [], maxDepth: 0 }),
    });
    await expect(transport.start()).rejects.toMatchObject({ code: 'transport-closed' });
    const exit = await transport.closed;
    expect(exit.error?.code).toBe('transport-closed');
  });
});
