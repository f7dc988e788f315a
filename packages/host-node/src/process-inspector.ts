import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
