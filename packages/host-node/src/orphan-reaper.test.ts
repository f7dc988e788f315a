import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryLogger } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reapOrphans } from './orphan-reaper.js';
import type { ProcessInspector } from './process-inspector.js';
import {
  type ProcessRecord,
  processRecordDirectory,
  writeProcessRecord,
} from './process-record.js';

function fakeInspector(running: Record<number, string>, zombies: number[] = []): ProcessInspector {
  return { startTimeOf: (pid) => running[pid], isZombie: (pid) => zombies.includes(pid) };
}

function record(overrides: Partial<ProcessRecord> = {}): ProcessRecord {
  return {
    version: 1,
    bridge: { pid: 100, startTime: 'linux:boot:1000' },
    agent: { pid: 200, startTime: 'linux:boot:1001' },
    processGroupId: 200,
    name: 'gemini',
    recordedAt: 0,
    ...overrides,
  };
}

describe('reapOrphans', () => {
  let stateDirectory: string;
  beforeEach(() => {
    stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-reaper-'));
  });
  afterEach(() => rmSync(stateDirectory, { recursive: true, force: true }));

  it('Z-03 kills the process group of an agent whose bridge is dead and whose identity matches', () => {
    const file = writeProcessRecord(stateDirectory, record());
    const signals: string[] = [];
    const logger = createMemoryLogger();
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector({ 200: 'linux:boot:1001' }),
      signalTree: (pid, signal) => signals.push(`${signal} ${pid}`),
      logger,
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['killed']);
    expect(signals).toEqual(['SIGKILL 200']);
    expect(existsSync(file)).toBe(false);
    expect(
      logger.entries.find((entry) => entry.message === 'reaping orphaned agent')?.data,
    ).toMatchObject({
      name: 'gemini',
      pid: 200,
    });
  });

  it('treats a bridge whose pid was recycled (other start time) or that is a zombie as dead', () => {
    writeProcessRecord(stateDirectory, record());
    writeProcessRecord(
      stateDirectory,
      record({
        bridge: { pid: 101, startTime: 's' },
        agent: { pid: 201, startTime: 'a' },
        processGroupId: 201,
      }),
    );
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector(
        { 100: 'linux:boot:9999', 101: 's', 200: 'linux:boot:1001', 201: 'a' },
        [101],
      ),
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['killed', 'killed']);
    expect(signals.sort()).toEqual([200, 201]);
  });

  it('never signals a recycled agent pid (start time differs) and consumes the record', () => {
    const file = writeProcessRecord(stateDirectory, record());
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector({ 200: 'linux:boot:5555' }),
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['agent-gone']);
    expect(signals).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it('leaves the records of live bridges alone', () => {
    const file = writeProcessRecord(stateDirectory, record());
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector({ 100: 'linux:boot:1000', 200: 'linux:boot:1001' }),
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['bridge-alive']);
    expect(signals).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });

  it('removes unreadable records without signalling anything', () => {
    const directory = processRecordDirectory(stateDirectory);
    writeProcessRecord(stateDirectory, record());
    writeFileSync(path.join(directory, 'broken.json'), '{not json');
    writeFileSync(
      path.join(directory, 'bad-pid.json'),
      JSON.stringify({ ...record(), agent: { pid: 0, startTime: 'x' } }),
    );
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector({}),
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action).sort()).toEqual([
      'agent-gone',
      'unreadable',
      'unreadable',
    ]);
    expect(signals).toEqual([]);
  });

  it('does nothing when the state directory does not exist', () => {
    expect(
      reapOrphans({
        stateDirectory: path.join(stateDirectory, 'missing'),
        inspector: fakeInspector({}),
        signalTree: () => {},
      }),
    ).toEqual([]);
  });
});
