import path from 'node:path';
import type { BackendManifest } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { eventually, isProcessAlive } from './__fixtures__/process-helpers.js';
import { useAgentTransports } from './__fixtures__/use-agent-transports.js';
import { listProcessRecords } from './process-record.js';

const { startAgent, startEcho, temporaryDirectory } = useAgentTransports();

describe('createAcpTransport (real agent process, fake bridge)', () => {
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

  it('Z-01/Z-02/Z-05 records the agent under the state directory and removes the record on shutdown', async () => {
    const stateDirectory = temporaryDirectory();
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
