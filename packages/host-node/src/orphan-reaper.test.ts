import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryLogger } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reapOrphans } from './orphan-reaper.js';
import type { ProcessInspector } from './process-inspector.js';
import { type ProcessRecord, writeProcessRecord } from './process-record.js';

function fakeInspector(
  running: Record<number, string>,
  zombies: number[] = [],
  groups: Record<number, Record<number, string>> = {},
): ProcessInspector {
  return {
    startTimeOf: (pid) => running[pid],
    isZombie: (pid) => zombies.includes(pid),
    processGroupMembers: (processGroupId) =>
      Object.entries(groups[processGroupId] ?? {}).map(([pid, startTime]) => ({
        pid: Number(pid),
        startTime,
      })),
  };
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

  it('Z-03 kills what is left of the group of an agent that already exited, when every member started after it', () => {
    const file = writeProcessRecord(stateDirectory, record());
    const signals: string[] = [];
    const logger = createMemoryLogger();
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector({ 300: 'linux:boot:1500' }, [], {
        200: { 300: 'linux:boot:1500', 301: 'linux:boot:1001' },
      }),
      signalTree: (pid, signal) => signals.push(`${signal} ${pid}`),
      logger,
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['group-killed']);
    expect(signals).toEqual(['SIGKILL 200']);
    expect(existsSync(file)).toBe(false);
    expect(
      logger.entries.find((entry) => entry.message === 'reaping orphaned agent')?.data,
    ).toMatchObject({ pid: 200, agentExited: true, members: [300, 301] });
  });

  it.each([
    ['a member started before the agent', { 200: { 300: 'linux:boot:999' } }, {}],
    ['a member from another boot', { 200: { 300: 'linux:other:5000' } }, {}],
    ['an empty group', { 200: {} }, {}],
    [
      'the agent pid recycled by a new group leader',
      { 200: { 200: 'linux:boot:5000' } },
      { 200: 'linux:boot:5000' },
    ],
  ])('never signals the group of an exited agent with %s', (_, groups, running) => {
    const file = writeProcessRecord(stateDirectory, record());
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: fakeInspector(running, [], groups),
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['agent-gone']);
    expect(signals).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it('never signals the group of an exited agent on an inspector that cannot list groups', () => {
    writeProcessRecord(stateDirectory, record());
    const signals: number[] = [];
    const outcomes = reapOrphans({
      stateDirectory,
      inspector: { startTimeOf: () => undefined, isZombie: () => false },
      signalTree: (pid) => signals.push(pid),
    });
    expect(outcomes.map((outcome) => outcome.action)).toEqual(['agent-gone']);
    expect(signals).toEqual([]);
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
    const directory = path.join(stateDirectory, 'processes');
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
