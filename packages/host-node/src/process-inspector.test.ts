import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareStartTimes, createProcessInspector } from './process-inspector.js';

describe('compareStartTimes', () => {
  it('orders tokens of the same kind and boot, and refuses the rest', () => {
    expect(compareStartTimes('linux:b:99', 'linux:b:100')).toBe(-1);
    expect(compareStartTimes('linux:b:100', 'linux:b:100')).toBe(0);
    expect(compareStartTimes('linux:b:101', 'linux:b:100')).toBe(1);
    expect(compareStartTimes('linux:a:101', 'linux:b:100')).toBeUndefined();
    expect(compareStartTimes('win:638000000000000001', 'win:638000000000000000')).toBe(1);
    expect(compareStartTimes('ps:Sun Nov 29 20:33:01 2026', 'ps:Sun Nov 29 20:33:02 2026')).toBe(
      -1,
    );
    expect(compareStartTimes('ps:not a date', 'ps:Sun Nov 29 20:33:02 2026')).toBeUndefined();
    expect(compareStartTimes('ps:Sun Nov 29 20:33:01 2026', 'linux:b:1')).toBeUndefined();
  });
});

describe.skipIf(process.platform !== 'linux')('the Linux inspector', () => {
  it('lists this process in its own process group with its start-time token', () => {
    const inspector = createProcessInspector();
    const members = inspector.processGroupMembers?.(Number(readGroupOf(process.pid))) ?? [];
    expect(members).toContainEqual({
      pid: process.pid,
      startTime: inspector.startTimeOf(process.pid),
    });
  });
});

function readGroupOf(pid: number): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[2] as string;
}
