import { spawn } from 'node:child_process';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';
import { type HostPlatform, isWindows } from './host-platform.js';
import { systemTimers, type Timers } from './timers.js';

/** The signals the host sends to a process tree. */
export type TreeSignal = 'SIGTERM' | 'SIGKILL';

/**
 * Sends `signal` to the process tree rooted at `pid`: on POSIX the process group `-pid` (the agent
 * is spawned `detached`, so it leads its own group); on Windows `taskkill /T /F /PID` (always
 * forceful). Never throws: a group that is already gone is fine.
 */
export type SignalProcessTree = (pid: number, signal: TreeSignal) => void;

/** The real {@link SignalProcessTree} for `platform`. */
export function createProcessTreeSignaller(
  platform: HostPlatform = process.platform,
  logger: Logger = noopLogger,
): SignalProcessTree {
  if (isWindows(platform)) {
    return (pid) => {
      const killer = spawn('taskkill', ['/T', '/F', '/PID', String(pid)], {
        stdio: 'ignore',
        windowsHide: true,
      });
      killer.on('error', (error) => logger.warn('taskkill failed', { pid, error: error.message }));
    };
  }
  return (pid, signal) => {
    try {
      process.kill(-pid, signal);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ESRCH') logger.warn('process group signal failed', { pid, signal, code });
    }
  };
}

/** What {@link stopProcessTree} needs from a running process. */
export interface StoppableProcess {
  /** The process id (also its process group id on POSIX), or undefined when it never started. */
  readonly pid: number | undefined;
  hasExited(): boolean;
  /** Calls `callback` once the process exited (immediately when it already has). */
  whenExited(callback: () => void): void;
  /** Closes the process's stdin (EOF). */
  closeInput(): void;
}

/** Options of {@link stopProcessTree}. */
export type StopProcessTreeOptions = {
  /** Milliseconds after stdin EOF before SIGTERM, and after SIGTERM before SIGKILL. */
  readonly graceMs: number;
  /** False when the process ignores stdin EOF: the first grace is skipped. */
  readonly exitsOnStdinEof: boolean;
  readonly platform?: HostPlatform;
  readonly timers?: Timers;
  readonly signalTree?: SignalProcessTree;
  readonly logger?: Logger;
};

/** Default grace between the steps of a stop, in milliseconds. */
export const defaultStopGraceMs = 1500;

/**
 * Stops a process and everything it started: close stdin; wait `graceMs` (skipped when the process
 * ignores EOF); SIGTERM the group; wait `graceMs`; SIGKILL the group. Windows has no SIGTERM for a
 * tree: `taskkill /T /F` replaces both signals. Once the leader is gone, the group is SIGKILLed
 * once more so that no descendant survives it (a group id is not reused while members live).
 * Resolves when the leader exited (or, if it never does, after the last step's grace).
 */
export function stopProcessTree(
  target: StoppableProcess,
  options: StopProcessTreeOptions,
): Promise<void> {
  const timers = options.timers ?? systemTimers;
  const platform = options.platform ?? process.platform;
  const logger = options.logger ?? noopLogger;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(platform, logger);
  const pid = target.pid;
  const windows = isWindows(platform);

  return new Promise<void>((resolve) => {
    let finished = false;
    let timer: unknown;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      if (pid !== undefined && !windows) signalTree(pid, 'SIGKILL');
      resolve();
    };
    const waitThen = (step: () => void) => {
      timer = timers.setTimeout(() => {
        timer = undefined;
        if (!finished) step();
      }, options.graceMs);
    };
    const forceKill = () => {
      if (pid === undefined) return finish();
      logger.warn('agent did not stop, killing its process group', { pid });
      signalTree(pid, 'SIGKILL');
      waitThen(finish);
    };
    const terminate = () => {
      if (pid === undefined) return finish();
      if (windows) {
        signalTree(pid, 'SIGKILL');
        waitThen(finish);
        return;
      }
      logger.debug('sending SIGTERM to agent process group', { pid });
      signalTree(pid, 'SIGTERM');
      waitThen(forceKill);
    };

    target.whenExited(finish);
    if (finished) return;
    target.closeInput();
    if (finished) return;
    if (options.exitsOnStdinEof) waitThen(terminate);
    else terminate();
  });
}
