import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** A process: the same only when pid and start time both match (a recycled pid is another). */
export type ProcessIdentity = {
  readonly pid: number;
  /** `linux:<boot id>:<start ticks>` (from `/proc`), `ps:<lstart>` or `win:<start ticks>`. */
  readonly startTime: string;
};

/** Reads process start times (a seam: reaping is unit-tested without real processes). */
export type ProcessInspector = {
  /** The start-time token of a live process, or undefined when no such process runs. */
  startTimeOf(pid: number): string | undefined;
  /** True when `pid` is a zombie (exited, not yet collected): dead for liveness. */
  isZombie(pid: number): boolean;
  /** The members of a process group (zombies included); undefined when it cannot be listed. */
  processGroupMembers?(processGroupId: number): readonly ProcessIdentity[] | undefined;
};

/** Orders two start-time tokens (like `a - b`); undefined across kinds or boots. */
export function compareStartTimes(left: string, right: string): number | undefined {
  // `linux:<boot>:<ticks>` and `win:<ticks>`: comparable when everything before the ticks matches.
  const ticks = /^(linux:(?:.*:)?|win:)(\d+)$/;
  const leftTicks = ticks.exec(left);
  const rightTicks = ticks.exec(right);
  if (leftTicks !== null && rightTicks !== null) {
    if (leftTicks[1] !== rightTicks[1]) return undefined;
    const difference = BigInt(leftTicks[2] as string) - BigInt(rightTicks[2] as string);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }
  if (!left.startsWith('ps:') || !right.startsWith('ps:')) return undefined;
  const difference = Date.parse(left.slice(3)) - Date.parse(right.slice(3));
  return Number.isNaN(difference) ? undefined : Math.sign(difference);
}

type ProcessRow = ProcessIdentity & { readonly groupId: number; readonly state: string };

/** The real inspector: `/proc` on Linux, `ps` on other POSIX systems, PowerShell on Windows. */
export function createProcessInspector(): ProcessInspector {
  const { platform } = process;
  const psRow = (pid: number) => psRows(pid)[0];
  const read = platform === 'linux' ? procRow : platform === 'win32' ? windowsRow : psRow;
  const list = platform === 'linux' ? procRows : psRows;
  return {
    startTimeOf: (pid) => read(pid)?.startTime,
    isZombie: (pid) => read(pid)?.state.startsWith('Z') === true,
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
  bootId ??=
    readText('/proc/sys/kernel/random/boot_id').trim() ||
    (/^btime (\d+)$/m.exec(readText('/proc/stat'))?.[1] ?? 'unknown-boot');
  const startTime = `linux:${bootId}:${fields[19]}`;
  return { pid, state: fields[0] ?? '', groupId: Number(fields[2]), startTime };
}

function procRows(): ProcessRow[] {
  try {
    const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    return pids.flatMap((pid) => procRow(Number(pid)) ?? []);
  } catch {
    return [];
  }
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
