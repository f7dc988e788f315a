import { readdirSync, readFileSync } from 'node:fs';

/** One row of `/proc/<pid>/stat`: the fields the hygiene tests need. */
export type ProcessStat = {
  readonly pid: number;
  /** `R`, `S`, `D`, `T`, `Z` (zombie: exited, not yet reaped by its parent), `X`, ... */
  readonly state: string;
  readonly parentPid: number;
  readonly processGroupId: number;
};

/** The `/proc/<pid>/stat` row of `pid`, or undefined when the kernel holds no such process. */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 (comm) is parenthesised and may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    state: fields[0] ?? '?',
    parentPid: Number(fields[1]),
    processGroupId: Number(fields[2]),
  };
}

/**
 * True when no trace of `pid` is left in `/proc`. A zombie is not gone: it exited but its parent
 * (or init, after re-parenting) has not collected it yet.
 */
export function isProcessGone(pid: number): boolean {
  return readProcessStat(pid) === undefined;
}

/** The command line of `pid` (arguments joined by spaces), or undefined when it is gone. */
export function readCommandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return undefined;
  }
}

/** Every live process whose parent is `parentPid`, read from `/proc/*\/stat`. */
export function childProcessesOf(parentPid: number): ProcessStat[] {
  const children: ProcessStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcessStat(Number(name));
    if (stat?.parentPid === parentPid) children.push(stat);
  }
  return children;
}

/** Every live member of process group `processGroupId`. */
export function processGroupMembers(processGroupId: number): ProcessStat[] {
  const members: ProcessStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcessStat(Number(name));
    if (stat?.processGroupId === processGroupId) members.push(stat);
  }
  return members;
}

/**
 * Polls `read` until it returns a value other than undefined or `limitMs` passes. A bounded wait
 * for a condition, never a timing assertion: the caller asserts on the value.
 */
export async function pollFor<Value>(
  read: () => Value | undefined,
  limitMs = 20_000,
): Promise<Value | undefined> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Sends `signal` to `pid` when it still runs; never throws. */
export function signalIfAlive(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined || isProcessGone(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone between the check and the signal.
  }
}
