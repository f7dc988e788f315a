import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogData, Logger } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { processRecordDirectory } from './process-record.js';
import { createProcessTransport, type Relay } from './process-transport.js';

/** A relay that records what reaches it; client lines are ignored. */
function recordingRelay(agentLines: string[]): Relay {
  return {
    onClientLine: () => {},
    onClientEnd: () => {},
    onAgentLine: (line) => agentLines.push(line),
    onAgentExit: () => {},
    dispose: () => {},
  };
}

function lineWriter(mode: string, ...args: string[]) {
  return {
    command: process.execPath,
    args: [fixturePath('line-writer.mjs'), mode, ...args],
    env: { PATH: process.env.PATH ?? '' },
  };
}

describe('createProcessTransport: the relay is prepared while the process starts', () => {
  it('X-03 output written before the relay exists waits for it, none is lost', async () => {
    const agentLines: string[] = [];
    let pid: number | undefined;
    const transport = createProcessTransport(lineWriter('utf8'), {
      // Ready only once the process wrote everything (it fits in the pipe) and exited.
      prepare: async () => {
        await eventually(() => transport.pid !== undefined);
        pid = transport.pid;
        await eventually(() => pid !== undefined && !isProcessAlive(pid));
      },
      create: () => recordingRelay(agentLines),
    });
    transport.onClientLine(() => {});
    await transport.start();
    const exit = await transport.closed;

    expect(pid).toBeDefined();
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(agentLines).toEqual(['{"text":"日本語 🎉 ü"}', '{"text":"second ✓"}']);
  });

  it('a failed prepare stops the started process and settles closed', async () => {
    const failure = new Error('bridge module missing');
    let pid: number | undefined;
    const transport = createProcessTransport(
      { ...lineWriter('echo'), stopGraceMs: 100 },
      {
        prepare: async () => {
          await eventually(() => transport.pid !== undefined);
          pid = transport.pid;
          throw failure;
        },
        create: () => {
          throw new Error('never created');
        },
      },
    );

    await expect(transport.start()).rejects.toBe(failure);
    const exit = await transport.closed;

    expect(exit.error).toBeUndefined();
    expect(pid).toBeDefined();
    expect(await eventually(() => !isProcessAlive(pid as number))).toBe(true);
  });

  it('close() while preparing stops the process; start() reports the transport closed', async () => {
    let releasePrepare: () => void = () => {};
    const transport = createProcessTransport(
      { ...lineWriter('echo'), stopGraceMs: 100 },
      {
        prepare: () =>
          new Promise<void>((resolve) => {
            releasePrepare = resolve;
          }),
        create: () => recordingRelay([]),
      },
    );
    const starting = transport.start();
    await eventually(() => transport.pid !== undefined);
    const pid = transport.pid as number;
    const closing = transport.close();
    releasePrepare();

    await expect(starting).rejects.toMatchObject({ code: 'transport-closed' });
    await closing;
    expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
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

describe('createProcessTransport: clean-up failures', () => {
  it('an unremovable process record is logged and closed still settles', async () => {
    const stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-record-'));
    try {
      const warnings: [string, LogData | undefined][] = [];
      const transport = createProcessTransport(
        {
          ...lineWriter('echo'),
          stopGraceMs: 100,
          stateDirectory,
          logger: warningLogger(warnings),
        },
        { create: () => recordingRelay([]) },
      );
      transport.onClientLine(() => {});
      await transport.start();
      const records = processRecordDirectory(stateDirectory);
      expect(await eventually(() => readdirSync(records).length === 1)).toBe(true);
      // A directory in the record's place: removing the record fails (EISDIR), like EACCES would.
      const recordFile = path.join(records, readdirSync(records)[0] as string);
      rmSync(recordFile);
      mkdirSync(recordFile);

      transport.endClientInput();
      await transport.close();
      const exit = await transport.closed;

      expect(exit).toMatchObject({ signal: null });
      expect(warnings.map(([message]) => message)).toContain('process record not removed');
    } finally {
      rmSync(stateDirectory, { recursive: true, force: true });
    }
  });
});
