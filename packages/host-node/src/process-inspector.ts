import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type HostPlatform, isWindows } from './host-platform.js';

/**
 * Who a process is: its id and an opaque start-time token. Two identities are the same process only
 * when both match, so a recycled pid is never mistaken for the original.
 */
export type ProcessIdentity = {
  readonly pid: number;
  /**
   * Linux: `linux:<boot id>:<start ticks>` from `/proc/<pid>/stat` field 22 (exact, immune to
   * clock changes); elsewhere `ps:<lstart>` or `win:<start ticks>`.
   */
  readonly startTime: string;
};

/** Reads process start times. A seam so reaping can be unit-tested without real processes. */
export interface ProcessInspector {
  /** The start-time token of a live process, or undefined when no such process runs. */
  startTimeOf(pid: number): string | undefined;
  /** True when `pid` is a zombie (exited, not yet collected by its parent): dead for liveness. */
  isZombie(pid: number): boolean;
  /**
   * The processes whose process group is `processGroupId` (zombies included), or undefined when
   * the platform cannot list them (Windows). Absent on inspectors that cannot list groups.
   */
  processGroupMembers?(processGroupId: number): readonly ProcessIdentity[] | undefined;
}

/**
 * Orders two start-time tokens of the same inspector: negative when `left` started first, zero
 * when at the same tick (`ps`: second), positive when later. Undefined when they cannot be
 * compared (different kinds, different boots, unparseable).
 */
export function compareStartTimes(left: string, right: string): number | undefined {
  const linux = /^linux:(.*):(\d+)$/;
  const leftLinux = linux.exec(left);
  const rightLinux = linux.exec(right);
  if (leftLinux !== null && rightLinux !== null) {
    if (leftLinux[1] !== rightLinux[1]) return undefined;
    return Math.sign(Number(leftLinux[2]) - Number(rightLinux[2]));
  }
  const windows = /^win:(\d+)$/;
  const leftWindows = windows.exec(left);
  const rightWindows = windows.exec(right);
  if (leftWindows !== null && rightWindows !== null) {
    const difference = BigInt(leftWindows[1] as string) - BigInt(rightWindows[1] as string);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }
  if (left.startsWith('ps:') && right.startsWith('ps:')) {
    const leftTime = Date.parse(left.slice(3));
    const rightTime = Date.parse(right.slice(3));
    if (Number.isNaN(leftTime) || Number.isNaN(rightTime)) return undefined;
    return Math.sign(leftTime - rightTime);
  }
  return undefined;
}

/** The real inspector for `platform`: `/proc` on Linux, `ps -o lstart=` on other POSIX, PowerShell on Windows. */
export function createProcessInspector(
  platform: HostPlatform = process.platform,
): ProcessInspector {
  if (platform === 'linux') return linuxInspector();
  if (isWindows(platform)) return windowsInspector();
  return psInspector();
}

/** The identity of `pid` now, or undefined when it is not running. */
export function identify(inspector: ProcessInspector, pid: number): ProcessIdentity | undefined {
  const startTime = inspector.startTimeOf(pid);
  return startTime === undefined ? undefined : { pid, startTime };
}

function readStatFields(pid: number): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 (comm) is parenthesised and may itself hold spaces and parentheses.
  const afterName = text.slice(text.lastIndexOf(')') + 2);
  return afterName.split(' ');
}

function linuxInspector(): ProcessInspector {
  let bootIdentity: string | undefined;
  const boot = () => {
    if (bootIdentity !== undefined) return bootIdentity;
    try {
      bootIdentity = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      const stat = safeRead('/proc/stat');
      bootIdentity = /^btime (\d+)$/m.exec(stat ?? '')?.[1] ?? 'unknown-boot';
    }
    return bootIdentity;
  };
  return {
    startTimeOf(pid) {
      if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
      // Fields after the name start at field 3 (state); field 22 (starttime) is index 19.
      const ticks = readStatFields(pid)?.[19];
      return ticks === undefined ? undefined : `linux:${boot()}:${ticks}`;
    },
    isZombie(pid) {
      return readStatFields(pid)?.[0] === 'Z';
    },
    processGroupMembers(processGroupId) {
      let names: string[];
      try {
        names = readdirSync('/proc');
      } catch {
        return undefined;
      }
      const members: ProcessIdentity[] = [];
      for (const name of names) {
        if (!/^\d+$/.test(name)) continue;
        // Field 5 (pgrp) is index 2 after the name; field 22 (starttime) index 19.
        const fields = readStatFields(Number(name));
        if (fields === undefined || Number(fields[2]) !== processGroupId) continue;
        const ticks = fields[19];
        if (ticks !== undefined)
          members.push({ pid: Number(name), startTime: `linux:${boot()}:${ticks}` });
      }
      return members;
    },
  };
}

function psInspector(): ProcessInspector {
  const run = (pid: number, format: string) => {
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    try {
      const output = execFileSync('ps', ['-o', `${format}=`, '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      }).trim();
      return output === '' ? undefined : output;
    } catch {
      return undefined;
    }
  };
  return {
    startTimeOf: (pid) => {
      const started = run(pid, 'lstart');
      return started === undefined ? undefined : `ps:${started.replace(/\s+/g, ' ')}`;
    },
    isZombie: (pid) => run(pid, 'stat')?.startsWith('Z') ?? false,
    processGroupMembers(processGroupId) {
      let output: string;
      try {
        output = execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'pgid=', '-o', 'lstart='], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          timeout: 5000,
        });
      } catch {
        return undefined;
      }
      const members: ProcessIdentity[] = [];
      for (const row of output.split('\n')) {
        const match = /^\s*(\d+)\s+(\d+)\s+(.+?)\s*$/.exec(row);
        if (match === null || Number(match[2]) !== processGroupId) continue;
        members.push({
          pid: Number(match[1]),
          startTime: `ps:${(match[3] as string).replace(/\s+/g, ' ')}`,
        });
      }
      return members;
    },
  };
}

function windowsInspector(): ProcessInspector {
  return {
    startTimeOf(pid) {
      if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
      try {
        const output = execFileSync(
          'powershell.exe',
          [
            '-NoProfile',
            '-NonInteractive',
            '-Command',
            `(Get-Process -Id ${pid} -ErrorAction Stop).StartTime.ToUniversalTime().Ticks`,
          ],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
            timeout: 10_000,
            windowsHide: true,
          },
        ).trim();
        return /^\d+$/.test(output) ? `win:${output}` : undefined;
      } catch {
        return undefined;
      }
    },
    isZombie: () => false,
  };
}

function safeRead(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
