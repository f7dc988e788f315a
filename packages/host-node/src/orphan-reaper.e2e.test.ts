import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import type { AgentProcess } from './agent-process.js';
import { reapOrphans } from './orphan-reaper.js';
import { createProcessTreeSignaller } from './process-group.js';
import { createProcessInspector } from './process-inspector.js';
import { listProcessRecords, writeProcessRecord } from './process-record.js';
import { spawnAgentProcess } from './spawn-agent-process.js';

const inspector = createProcessInspector();
const signalTree = createProcessTreeSignaller();

/** A pid whose process has exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  return result.pid ?? 999_999;
}

async function startStubbornAgent(started: AgentProcess[]) {
  const agent = spawnAgentProcess({
    command: process.execPath,
    args: [fixturePath('stubborn-tree.mjs')],
    env: { PATH: process.env.PATH ?? '' },
    stopGraceMs: 100,
  });
  started.push(agent);
  const pids = await new Promise<{ pid: number; childPid: number }>((resolve) =>
    agent.onStdoutLine((line) => resolve(JSON.parse(line))),
  );
  const startTime = inspector.startTimeOf(pids.pid);
  if (startTime === undefined) throw new Error('agent start time unreadable');
  return { agent, ...pids, startTime };
}

describe.skipIf(process.platform !== 'linux')('reapOrphans (real processes)', () => {
  let stateDirectory: string;
  const started: AgentProcess[] = [];
  beforeEach(() => {
    stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-reaper-e2e-'));
  });
  afterEach(() => {
    for (const agent of started.splice(0)) agent.kill();
    rmSync(stateDirectory, { recursive: true, force: true });
  });

  it('reads the start time of a live process from /proc, and none for a dead one', () => {
    expect(inspector.startTimeOf(process.pid)).toMatch(/^linux:[^:]+:\d+$/);
    expect(inspector.startTimeOf(process.pid)).toBe(inspector.startTimeOf(process.pid));
    expect(inspector.startTimeOf(deadPid())).toBeUndefined();
  });

  it('Z-03 kills the whole group of an agent whose bridge is dead and whose identity matches', async () => {
    const { pid, childPid, startTime } = await startStubbornAgent(started);
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
