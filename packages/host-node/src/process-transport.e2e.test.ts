import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AcpBridge, AcpBridgeOptions } from '@agentbridge/bridge-acp';
import type { BridgeEvent, LogData, Logger } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, type FakeBridgeLog } from './__fixtures__/fake-bridge.js';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createAcpTransport } from './acp-transport.js';
import { spawnAgentProcess } from './agent-process.js';

function lineWriter(mode: string, createBridge: AcpTransportBridgeFactory) {
  return {
    command: process.execPath,
    args: [fixturePath('line-writer.mjs'), mode],
    env: { PATH: process.env.PATH ?? '' },
    launch: { cwd: process.cwd() },
    createBridge,
    // Generous: only an agent that ignores stdin EOF would wait for it.
    stopGraceMs: 20_000,
  };
}

type AcpTransportBridgeFactory = (options: AcpBridgeOptions) => AcpBridge | Promise<AcpBridge>;

/** The pid of the `agent-started` event, once it came. */
function startedPid(events: BridgeEvent[]): number | undefined {
  const started = events.find((event) => event.type === 'agent-started');
  return started?.type === 'agent-started' ? started.pid : undefined;
}

describe('the bridge is made while the agent starts', () => {
  it('X-03 output written before the bridge exists waits for it, none is lost', async () => {
    const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
    const events: BridgeEvent[] = [];
    let pid: number | undefined;
    const transport = createAcpTransport(
      // Ready only once the agent wrote everything (it fits in the pipe) and exited.
      lineWriter('utf8', async (options) => {
        await eventually(() => startedPid(events) !== undefined);
        pid = startedPid(events);
        await eventually(() => pid !== undefined && !isProcessAlive(pid));
        return createFakeBridge(log)(options);
      }),
    );
    transport.onEvent((event) => events.push(event));
    await transport.start();
    const exit = await transport.closed;

    expect(pid).toBeDefined();
    expect(exit).toMatchObject({ code: 0, signal: null });
    const messages = events.flatMap((event) =>
      event.type === 'client-message' ? [event.message] : [],
    );
    expect(messages.slice(0, 2)).toEqual([
      { type: 'echo', params: { text: '日本語 🎉 ü' } },
      { type: 'echo', params: { text: 'second ✓' } },
    ]);
  });

  it('a bridge that cannot be made stops the started agent and settles closed', async () => {
    const failure = new Error('bridge module missing');
    const events: BridgeEvent[] = [];
    const transport = createAcpTransport(
      lineWriter('echo', async () => {
        await eventually(() => startedPid(events) !== undefined);
        throw failure;
      }),
    );
    transport.onEvent((event) => events.push(event));

    await expect(transport.start()).rejects.toBe(failure);
    const exit = await transport.closed;

    expect(exit.error).toBeUndefined();
    const pid = startedPid(events);
    expect(pid).toBeDefined();
    expect(await eventually(() => !isProcessAlive(pid as number))).toBe(true);
    expect(events.at(-1)?.type).toBe('agent-exited');
  });

  it('close() while the bridge loads stops the agent; start() reports the transport closed', async () => {
    let releaseBridge: () => void = () => {};
    const events: BridgeEvent[] = [];
    const transport = createAcpTransport(
      lineWriter('echo', async (options) => {
        await new Promise<void>((resolve) => {
          releaseBridge = resolve;
        });
        return createFakeBridge({ calls: [], maxDepth: 0 })(options);
      }),
    );
    transport.onEvent((event) => events.push(event));
    const starting = transport.start();
    await eventually(() => startedPid(events) !== undefined);
    const pid = startedPid(events) as number;
    const closing = transport.close();
    releaseBridge();

    await expect(starting).rejects.toMatchObject({ code: 'transport-closed' });
    await closing;
    expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
  });
});

describe('a transport takes over an agent spawned before it', () => {
  /** An agent that writes 70 stderr lines, then a marker file, then echoes its stdin. */
  function spawnEarlyAgent(marker: string) {
    const script = `for (let i = 0; i < 70; i++) process.stderr.write('early ' + i + '\\n');
      require('node:fs').writeFileSync(process.argv[1], ''); process.stdin.pipe(process.stdout);`;
    const options = { command: process.execPath, args: ['-e', script, marker] };
    return { ...options, env: { PATH: process.env.PATH ?? '' }, launch: { cwd: process.cwd() } };
  }

  it('X-17 stderr from before the take-over is reported (the last 64 lines), then the relay runs', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'agentbridge-early-')), 'ran');
    const options = spawnEarlyAgent(marker);
    const agent = spawnAgentProcess(options);
    expect(await eventually(() => existsSync(marker))).toBe(true);
    const events: BridgeEvent[] = [];
    const createBridge = createFakeBridge({ calls: [], maxDepth: 0 });
    const transport = createAcpTransport({ ...options, agent, createBridge });
    transport.onEvent((event) => events.push(event));
    await transport.start();
    transport.writeClientLine(JSON.stringify({ say: 'after' }));
    expect(await eventually(() => events.some((e) => e.type === 'client-message'))).toBe(true);
    transport.endClientInput();
    await transport.closed;

    const stderr = events.flatMap((e) => (e.type === 'agent-output' ? [e.line] : []));
    expect(stderr).toEqual(Array.from({ length: 64 }, (_, index) => `early ${index + 6}`));
    expect(events.filter((event) => event.type === 'agent-started')).toHaveLength(1);
    const messages = events.flatMap((e) => (e.type === 'client-message' ? [e.message] : []));
    expect(messages[0]).toMatchObject({ type: 'echo', params: { say: 'after' } });
    rmSync(path.dirname(marker), { recursive: true, force: true });
  });

  it('X-17 closing the transport before its start stops the agent and settles closed', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'agentbridge-early-')), 'ran');
    const options = spawnEarlyAgent(marker);
    const agent = spawnAgentProcess(options);
    expect(await eventually(() => existsSync(marker))).toBe(true);
    const createBridge = createFakeBridge({ calls: [], maxDepth: 0 });
    const transport = createAcpTransport({ ...options, agent, createBridge });

    await transport.close();
    expect(await transport.closed).toMatchObject({ code: null, signal: null });
    expect(await eventually(() => !isProcessAlive(agent.pid as number))).toBe(true);
    await expect(transport.start()).rejects.toMatchObject({ code: 'transport-closed' });
    rmSync(path.dirname(marker), { recursive: true, force: true });
  });
});

/** A logger that keeps the warnings. */
function warningLogger(warnings: [string, LogData | undefined][]): Logger {
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message, data) => warnings.push([message, data]),
    error: () => {},
    child: () => logger,
  };
  return logger;
}

describe('clean-up failures', () => {
  it('Z-05 an unremovable process record is logged and closed still settles', async () => {
    const stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-record-'));
    try {
      const warnings: [string, LogData | undefined][] = [];
      const transport = createAcpTransport({
        ...lineWriter('echo', createFakeBridge({ calls: [], maxDepth: 0 })),
        stateDirectory,
        logger: warningLogger(warnings),
      });
      await transport.start();
      const records = path.join(stateDirectory, 'processes');
      expect(await eventually(() => readdirSync(records).length === 1)).toBe(true);
      // A directory in the record's place: removing the record fails (EISDIR), like EACCES would.
      const recordFile = path.join(records, readdirSync(records)[0] as string);
      rmSync(recordFile);
      mkdirSync(recordFile);

      transport.endClientInput();
      await transport.close();
      const exit = await transport.closed;

      // The agent exits on stdin EOF, well within the grace, even on a loaded machine.
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(warnings.map(([message]) => message)).toContain('process record not removed');
    } finally {
      rmSync(stateDirectory, { recursive: true, force: true });
    }
  });
});

describe('a stop for the user', () => {
  it('GA-13 close() signals an agent that ignores stdin EOF at once, not after the stop grace', async () => {
    const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
    const events: BridgeEvent[] = [];
    // A grace longer than the test's timeout: only a stop that skips it can pass.
    const transport = createAcpTransport({
      ...lineWriter('ignores-eof', createFakeBridge(log)),
      stopGraceMs: 600_000,
    });
    transport.onEvent((event) => events.push(event));
    await transport.start();
    await eventually(() => events.some((event) => event.type === 'client-message'));
    const exit = await transport.close();
    expect(exit).toMatchObject({ code: null, signal: 'SIGTERM' });
  }, 60_000);
});
