import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { spawnAgentProcess } from './agent-process.js';
import { reapOrphans } from './orphan-reaper.js';
import { createProcessTreeSignaller } from './process-group.js';
import { createProcessInspector } from './process-inspector.js';
import { listProcessRecords, writeProcessRecord } from './process-record.js';

const inspector = createProcessInspector();
const signalTree = createProcessTreeSignaller();

/** A pid whose process has exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  return result.pid ?? 999_999;
}

async function startStubbornAgent(started: number[]) {
  const pids = await new Promise<{ pid: number; childPid: number }>((resolve) => {
    const agent = spawnAgentProcess({
      command: process.execPath,
      args: [fixturePath('stubborn-tree.mjs')],
      env: { PATH: process.env.PATH ?? '' },
    });
    agent.setStdoutListener((line) => resolve(JSON.parse(line)));
    agent.resumeOutput();
  });
  started.push(pids.pid);
  const startTime = inspector.startTimeOf(pids.pid);
  if (startTime === undefined) throw new Error('agent start time unreadable');
  return { ...pids, startTime };
}

describe.skipIf(process.platform !== 'linux')('reapOrphans (real processes)', () => {
  let stateDirectory: string;
  const started: number[] = [];
  beforeEach(() => {
    stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-reaper-e2e-'));
  });
  afterEach(() => {
    for (const pid of started.splice(0)) signalTree(pid, 'SIGKILL');
    rmSync(stateDirectory, { recursive: true, force: true });
  });

  it('reads the start time of a live process from /proc, and none for a dead one', () => {
    expect(inspector.startTimeOf(process.pid)).toMatch(/^linux:[^:]+:\d+$/);
    expect(inspector.startTimeOf(process.pid)).toBe(inspector.startTimeOf(process.pid));
    expect(inspector.startTimeOf(deadPid())).toBeUndefined();
  });

  it('Z-03/Z-04 kills the whole group of an agent whose bridge is dead and whose identity matches; the name plays no part', async () => {
    const { pid, childPid, startTime } = await startStubbornAgent(started);
    // Launched through `node`: the recorded name is the script's, not the process's (a shim).
    expect(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).not.toBe('stubborn-tree');
    writeProcessRecord(stateDirectory, {
      version: 1,
      bridge: { pid: deadPid(), startTime: 'linux:gone:1' },
      agent: { pid, startTime },
      processGroupId: pid,
      name: 'stubborn-tree',
      recordedAt: Date.now(),
    });
    const outcomes = reapOrphans({ stateDirectory, inspector, signalTree });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['killed']);
    expect(await eventually(() => !isProcessAlive(pid) && !isProcessAlive(childPid))).toBe(true);
    expect(listProcessRecords(stateDirectory)).toEqual([]);
  });

  it('never signals an agent whose start time does not match the record (recycled pid)', async () => {
    const { pid, childPid, startTime } = await startStubbornAgent(started);
    writeProcessRecord(stateDirectory, {
      version: 1,
      bridge: { pid: deadPid(), startTime: 'linux:gone:1' },
      agent: { pid, startTime: `${startTime}0` },
      processGroupId: pid,
      name: 'stubborn-tree',
      recordedAt: Date.now(),
    });
    const outcomes = reapOrphans({ stateDirectory, inspector, signalTree });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['agent-gone']);
    expect(isProcessAlive(pid)).toBe(true);
    expect(isProcessAlive(childPid)).toBe(true);
  });

  it('leaves the agent of a live bridge alone', async () => {
    const { pid, startTime } = await startStubbornAgent(started);
    const bridgeStart = inspector.startTimeOf(process.pid) ?? '';
    writeProcessRecord(stateDirectory, {
      version: 1,
      bridge: { pid: process.pid, startTime: bridgeStart },
      agent: { pid, startTime },
      processGroupId: pid,
      name: 'stubborn-tree',
      recordedAt: Date.now(),
    });
    expect(
      reapOrphans({ stateDirectory, inspector, signalTree }).map((outcome) => outcome.action),
    ).toEqual(['bridge-alive']);
    expect(isProcessAlive(pid)).toBe(true);
  });
});
