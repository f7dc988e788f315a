import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Who a process is: its id and an opaque start-time token. Two identities are the same process
 * only when both match, so a recycled pid is never mistaken for the original.
 */
export type ProcessIdentity = {
  readonly pid: number;
  /** `linux:<boot id>:<start ticks>` (from `/proc`), `ps:<lstart>` or `win:<start ticks>`. */
  readonly startTime: string;
};

/** Reads process start times; a seam so that reaping is unit-tested without real processes. */
export type ProcessInspector = {
  /** The start-time token of a live process, or undefined when no such process runs. */
  startTimeOf(pid: number): string | undefined;
  /** True when `pid` is a zombie (exited, not yet collected): dead for liveness. */
  isZombie(pid: number): boolean;
  /** The members of a process group (zombies included); undefined when it cannot be listed. */
  processGroupMembers?(processGroupId: number): readonly ProcessIdentity[] | undefined;
};

/**
 * Orders two start-time tokens: negative when `left` started first, zero at the same tick (`ps`:
 * second), positive when later; undefined when they cannot be compared (other kinds or boots).
 */
export function compareStartTimes(left: string, right: string): number | undefined {
  const [leftKind, leftRest] = splitToken(left);
  const [rightKind, rightRest] = splitToken(right);
  if (leftKind !== rightKind || !['linux', 'ps', 'win'].includes(leftKind)) return undefined;
  if (leftKind === 'ps') {
    const difference = Date.parse(leftRest) - Date.parse(rightRest);
    return Number.isNaN(difference) ? undefined : Math.sign(difference);
  }
  const boot = /^(?:(.*):)?(\d+)$/;
  const leftMatch = boot.exec(leftRest);
  const rightMatch = boot.exec(rightRest);
  if (leftMatch === null || rightMatch === null || leftMatch[1] !== rightMatch[1]) return undefined;
  const difference = BigInt(leftMatch[2] as string) - BigInt(rightMatch[2] as string);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

function splitToken(token: string): [string, string] {
  const colon = token.indexOf(':');
  return colon < 0 ? ['', token] : [token.slice(0, colon), token.slice(colon + 1)];
}

type ProcessRow = ProcessIdentity & { readonly groupId: number; readonly state: string };

/** The real inspector: `/proc` on Linux, `ps` on other POSIX systems, PowerShell on Windows. */
export function createProcessInspector(
  platform: NodeJS.Platform = process.platform,
): ProcessInspector {
  const read = platform === 'linux' ? procRow : platform === 'win32' ? windowsRow : psRow;
  const valid = (pid: number) => Number.isSafeInteger(pid) && pid > 0;
  const list = platform === 'linux' ? procRows : psRows;
  return {
    startTimeOf: (pid) => (valid(pid) ? read(pid)?.startTime : undefined),
    isZombie: (pid) => valid(pid) && read(pid)?.state.startsWith('Z') === true,
    ...(platform !== 'win32' && {
      processGroupMembers: (processGroupId: number) =>
        list()
          .filter((row) => row.groupId === processGroupId)
          .map(({ pid, startTime }) => ({ pid, startTime })),
    }),
  };
}

let bootId: string | undefined;

/** Linux: `/proc/<pid>/stat`, whose field 2 (the name) may hold spaces and parentheses. */
function procRow(pid: number): ProcessRow | undefined {
  const text = readText(`/proc/${pid}/stat`);
  // From field 3 (state): field 5 (pgrp) is index 2, field 22 (starttime) index 19.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (fields[19] === undefined) return undefined;
  bootId ??= readText('/proc/sys/kernel/random/boot_id').trim() || bootTime();
  const startTime = `linux:${bootId}:${fields[19]}`;
  return { pid, state: fields[0] ?? '', groupId: Number(fields[2]), startTime };
}

function procRows(): ProcessRow[] {
  try {
    return readdirSync('/proc').flatMap(
      (name) => (/^\d+$/.test(name) && procRow(Number(name))) || [],
    );
  } catch {
    return [];
  }
}

function bootTime(): string {
  return /^btime (\d+)$/m.exec(readText('/proc/stat'))?.[1] ?? 'unknown-boot';
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Other POSIX: `ps` rows (`pid pgid stat lstart`) of one process, or of all. */
function psRows(pid?: number): ProcessRow[] {
  const columns = ['-o', 'pid=', '-o', 'pgid=', '-o', 'stat=', '-o', 'lstart='];
  const output = run('ps', pid === undefined ? ['-A', ...columns] : [...columns, '-p', `${pid}`]);
  return output.split('\n').flatMap((row) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.+?)\s*$/.exec(row);
    if (match === null) return [];
    const [, rowPid = '', groupId = '', state = '', started = ''] = match;
    const startTime = `ps:${started.replace(/\s+/g, ' ')}`;
    return [{ pid: Number(rowPid), groupId: Number(groupId), state, startTime }];
  });
}

function psRow(pid: number): ProcessRow | undefined {
  return psRows(pid)[0];
}

function windowsRow(pid: number): ProcessRow | undefined {
  const script = `(Get-Process -Id ${pid} -ErrorAction Stop).StartTime.ToUniversalTime().Ticks`;
  const ticks = run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script]).trim();
  return /^\d+$/.test(ticks)
    ? { pid, groupId: 0, state: '', startTime: `win:${ticks}` }
    : undefined;
}

/** A command's stdout; empty when it fails. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
      windowsHide: true,
    });
  } catch {
    return '';
  }
}
