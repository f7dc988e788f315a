import { spawn } from 'node:child_process';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';

/** The timer seam of the host: real (unref'd) timers in production, fakes in unit tests. */
export type Timers = {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Real timers that do not keep the process alive on their own. */
export const systemTimers: Timers = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type TreeSignal = 'SIGTERM' | 'SIGKILL';

/** Signals the tree of `pid`: its process group on POSIX, `taskkill /T /F` on Windows. Never throws. */
export type SignalProcessTree = (pid: number, signal: TreeSignal) => void;

/** The real {@link SignalProcessTree} of this platform. */
export function createProcessTreeSignaller(logger: Logger = noopLogger): SignalProcessTree {
  if (process.platform === 'win32') {
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

/** What {@link stopProcessTree} needs: the pid (the group id on POSIX), exit news, stdin. */
export type StoppableProcess = {
  readonly pid: number | undefined;
  /** Calls `callback` once the process exited (at once when it already has). */
  whenExited(callback: () => void): void;
  closeInput(): void;
};

/** Options of {@link stopProcessTree}; `graceMs` separates the steps. */
type StopProcessTreeOptions = {
  readonly graceMs: number;
  readonly exitsOnStdinEof: boolean;
  readonly platform: NodeJS.Platform;
  readonly timers: Timers;
  readonly signalTree: SignalProcessTree;
  readonly logger?: Logger;
};

/** Default grace between the steps of a stop, in milliseconds. */
export const defaultStopGraceMs = 1500;

/**
 * Stops a process and everything it started: close stdin; wait `graceMs` (skipped when it
 * ignores EOF); SIGTERM the group; wait `graceMs`; SIGKILL the group. On Windows `taskkill /T /F`
 * replaces both signals. Once the leader is gone the group is SIGKILLed once more, so no
 * descendant outlives it. Resolves when the leader exited, or after the last grace.
 */
export function stopProcessTree(
  target: StoppableProcess,
  options: StopProcessTreeOptions,
): Promise<void> {
  const { pid } = target;
  const { timers, signalTree } = options;
  const windows = options.platform === 'win32';
  return new Promise<void>((resolve) => {
    let finished = false;
    let timer: unknown;
    const finish = () => {
      if (finished) return;
      finished = true;
      timers.clearTimeout(timer);
      if (pid !== undefined && !windows) signalTree(pid, 'SIGKILL');
      resolve();
    };
    const after = (step: () => void) => {
      timer = timers.setTimeout(() => {
        if (!finished) step();
      }, options.graceMs);
    };
    const signal = (name: TreeSignal, next: () => void) => {
      if (pid === undefined) return finish();
      if (name === 'SIGKILL')
        options.logger?.warn('agent did not stop, killing its process group', { pid });
      signalTree(pid, name);
      after(next);
    };
    const kill = () => signal('SIGKILL', finish);
    const terminate = () => (windows ? kill() : signal('SIGTERM', kill));
    target.whenExited(finish);
    if (!finished) target.closeInput();
    if (finished) return;
    if (options.exitsOnStdinEof) after(terminate);
    else terminate();
  });
}
