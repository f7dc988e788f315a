import { describe, expect, it } from 'vitest';
import {
  type StoppableProcess,
  stopProcessTree,
  type Timers,
  type TreeSignal,
} from './process-group.js';

/** Timers that fire only when the test advances them. */
function createManualTimers() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, delayMs) {
      nextId += 1;
      pending.set(nextId, { at: now + delayMs, callback });
      return nextId;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (milliseconds: number) => {
    const target = now + milliseconds;
    for (;;) {
      const due = [...pending.entries()]
        .filter(([, timer]) => timer.at <= target)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = target;
  };
  return { timers, advance, pendingCount: () => pending.size, now: () => now };
}

function createFakeProcess(options: { exitOn?: 'eof' | 'SIGTERM' | 'SIGKILL' | 'never' }) {
  const events: string[] = [];
  let exited = false;
  const exitCallbacks: (() => void)[] = [];
  const exit = () => {
    if (exited) return;
    exited = true;
    for (const callback of exitCallbacks) callback();
  };
  const process: StoppableProcess = {
    pid: 4242,
    whenExited(callback) {
      if (exited) callback();
      else exitCallbacks.push(callback);
    },
    closeInput() {
      events.push('close-stdin');
      if (options.exitOn === 'eof') exit();
    },
  };
  const signalTree = (pid: number, signal: TreeSignal) => {
    events.push(`${signal} -${pid}`);
    if (options.exitOn === signal || (options.exitOn === 'SIGTERM' && signal === 'SIGKILL')) exit();
    if (options.exitOn === 'SIGKILL' && signal === 'SIGKILL') exit();
  };
  return { process, events, signalTree, isExited: () => exited };
}

describe('stopProcessTree', () => {
  it('X-07 closes stdin first; an agent that exits on EOF gets only the group clean-up kill', async () => {
    const manual = createManualTimers();
    const fake = createFakeProcess({ exitOn: 'eof' });
    await stopProcessTree(fake.process, {
      graceMs: 100,
      exitsOnStdinEof: true,
      platform: 'linux',
      timers: manual.timers,
      signalTree: fake.signalTree,
    });
    expect(fake.events).toEqual(['close-stdin', 'SIGKILL -4242']);
    expect(manual.pendingCount()).toBe(0);
  });

  it('escalates stdin EOF → grace → SIGTERM to the group → grace → SIGKILL', async () => {
    const manual = createManualTimers();
    const fake = createFakeProcess({ exitOn: 'SIGKILL' });
    const stopped = stopProcessTree(fake.process, {
      graceMs: 100,
      exitsOnStdinEof: true,
      platform: 'linux',
      timers: manual.timers,
      signalTree: fake.signalTree,
    });
    expect(fake.events).toEqual(['close-stdin']);
    manual.advance(99);
    expect(fake.events).toEqual(['close-stdin']);
    manual.advance(1);
    expect(fake.events).toEqual(['close-stdin', 'SIGTERM -4242']);
    manual.advance(100);
    await stopped;
    expect(fake.events).toEqual(['close-stdin', 'SIGTERM -4242', 'SIGKILL -4242', 'SIGKILL -4242']);
    expect(manual.now()).toBe(200);
  });

  it('skips the stdin grace when the agent ignores EOF (exitsOnStdinEof false)', async () => {
    const manual = createManualTimers();
    const fake = createFakeProcess({ exitOn: 'SIGTERM' });
    await stopProcessTree(fake.process, {
      graceMs: 100,
      exitsOnStdinEof: false,
      platform: 'linux',
      timers: manual.timers,
      signalTree: fake.signalTree,
    });
    expect(fake.events).toEqual(['close-stdin', 'SIGTERM -4242', 'SIGKILL -4242']);
    expect(manual.now()).toBe(0);
  });

  it('does nothing but the clean-up kill when the process already exited', async () => {
    const fake = createFakeProcess({ exitOn: 'eof' });
    fake.process.closeInput();
    fake.events.length = 0;
    await stopProcessTree(fake.process, {
      graceMs: 100,
      exitsOnStdinEof: true,
      platform: 'linux',
      timers: createManualTimers().timers,
      signalTree: fake.signalTree,
    });
    expect(fake.events).toEqual(['SIGKILL -4242']);
  });

  it('uses one forceful tree kill on Windows after the stdin grace', async () => {
    const manual = createManualTimers();
    const fake = createFakeProcess({ exitOn: 'SIGKILL' });
    const stopped = stopProcessTree(fake.process, {
      graceMs: 50,
      exitsOnStdinEof: true,
      platform: 'win32',
      timers: manual.timers,
      signalTree: fake.signalTree,
    });
    manual.advance(50);
    await stopped;
    expect(fake.events).toEqual(['close-stdin', 'SIGKILL -4242']);
  });

  it('resolves after the last grace even if the process never exits', async () => {
    const manual = createManualTimers();
    const fake = createFakeProcess({ exitOn: 'never' });
    const stopped = stopProcessTree(fake.process, {
      graceMs: 10,
      exitsOnStdinEof: true,
      platform: 'linux',
      timers: manual.timers,
      signalTree: fake.signalTree,
    });
    manual.advance(30);
    await stopped;
    expect(fake.isExited()).toBe(false);
    expect(fake.events).toEqual(['close-stdin', 'SIGTERM -4242', 'SIGKILL -4242', 'SIGKILL -4242']);
  });
});
