import { spawn } from 'node:child_process';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';

/** The timer seam of {@link stopProcessTree}: fakes in unit tests. */
export type Timers = {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Real timers that do not keep the process alive on their own. */
const systemTimers: Timers = {
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

/** What {@link stopProcessTree} stops; `whenExited` calls back at once when it already exited. */
export type StoppableProcess = {
  readonly pid: number | undefined;
  whenExited(callback: () => void): void;
  closeInput(): void;
};

/**
 * Stops a process tree: stdin EOF, grace (unless it ignores EOF), SIGTERM to the group,
 * grace, SIGKILL (Windows: `taskkill /T /F`); once the leader exited, SIGKILL the group again.
 */
export function stopProcessTree(
  target: StoppableProcess,
  options: {
    /** Default 1 500 ms. */
    readonly graceMs?: number;
    readonly exitsOnStdinEof?: boolean;
    readonly logger?: Logger;
    /** Seams (the real ones by default). */
    readonly platform?: NodeJS.Platform;
    readonly timers?: Timers;
    readonly signalTree?: SignalProcessTree;
  },
): Promise<void> {
  const { pid } = target;
  const { graceMs = 1500, exitsOnStdinEof = true, timers = systemTimers } = options;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(options.logger);
  const windows = (options.platform ?? process.platform) === 'win32';
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
      }, graceMs);
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
    if (exitsOnStdinEof) after(terminate);
    else terminate();
  });
}
