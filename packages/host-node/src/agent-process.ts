import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { LineTooLongError, type Logger, noopLogger } from '@agentbridge/core/contracts';
import { spawn } from 'cross-spawn';
import { createLineSplitter, defaultMaxLineBytes } from './ndjson.js';
import { stopProcessTree } from './process-group.js';
import { agentMarkerName, killMarkedProcesses } from './terminal-reaper.js';

/** How a child process ended; `spawnError` when it could not be started. */
type ProcessExit = {
  readonly code: number | null;
  readonly signal: string | null;
  readonly spawnError?: Error;
};

/** What to run (`command` resolved by `findExecutable`, `env` complete) and how to stop it. */
export type ProcessOptions = {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env: Readonly<Record<string, string>>;
  /** Longest accepted stdout line in bytes (default 32 MiB). */
  readonly maxLineBytes?: number;
  /** Grace between the stop steps (default: the backend's `process.stopGraceMs`, else 1 500 ms). */
  readonly stopGraceMs?: number;
  /** False when the process ignores stdin EOF (default: the backend's, else true). */
  readonly exitsOnStdinEof?: boolean;
  readonly logger?: Logger;
};

/** What a process reports once listened to; `onInputDrain` also follows a failed write. */
type AgentProcessListeners = {
  readonly onStderrLine?: (line: string) => void;
  readonly onLineTooLong?: (error: LineTooLongError) => void;
  readonly onInputDrain?: () => void;
};

/** the agent's detached descendants get SIGTERM for ~0.2 s before SIGKILL. */
const reapOptions = { name: agentMarkerName, termRounds: 10 };

/** Stderr lines held until {@link AgentProcess.listen} (older ones are only in the tail). */
const heldStderrLines = 64;

export type AgentProcess = ReturnType<typeof spawnAgentProcess>;

/**
 * Spawns a child through `cross-spawn` (no shell; safe quoting of Windows batch files), in its own
 * process group on POSIX; lines both ways, with backpressure. Output starts paused and is
 * held while paused, even across the exit: `listen()`, set the stdout listener, `resumeOutput()`.
 */
export function spawnAgentProcess(options: ProcessOptions) {
  const { command, args, cwd, logger = noopLogger, maxLineBytes = defaultMaxLineBytes } = options;
  logger.debug('spawning process', { command, args, cwd });
  // what the agent starts carries this, so even a daemon it detached dies with it.
  const marker = `${process.pid}-${randomUUID()}`;
  const child = spawn(command, [...args], {
    cwd,
    env: { ...options.env, [agentMarkerName]: marker },
    stdio: 'pipe',
    detached: process.platform !== 'win32',
    windowsHide: true,
  }) as ChildProcessWithoutNullStreams;

  let stderrTail = '';
  let inputOpen = true;
  let inputCongested = false;
  let outputPaused = true;
  let heldChunks: Buffer[] = [];
  let pipesClosed = false;
  let stopRequested = false;
  let exit: ProcessExit | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<ProcessExit> | undefined;
  let listeners: AgentProcessListeners | undefined;
  let heldStderr: string[] = [];
  const exitCallbacks: (() => void)[] = [];
  let resolveExited: (exit: ProcessExit) => void = () => {};
  const exited = new Promise<ProcessExit>((resolve) => {
    resolveExited = resolve;
  });
  const spawned = new Promise<Error | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined)).once('error', resolve);
  });

  const splitStdout = (onLine: (line: string) => void) =>
    createLineSplitter({
      maxLineBytes,
      onLine,
      onLineTooLong: () => {
        logger.error('agent line too long, discarded', { limitBytes: maxLineBytes });
        const source = 'agent stdout';
        listeners?.onLineTooLong?.(new LineTooLongError({ limitBytes: maxLineBytes, source }));
      },
    });
  let stdout = splitStdout(() => {});
  const stderr = createLineSplitter({
    maxLineBytes: 1024 * 1024,
    onLine: (line) => {
      stderrTail = `${stderrTail}${line}\n`.slice(-2048);
      if (listeners) listeners.onStderrLine?.(line);
      else heldStderr = [...heldStderr.slice(1 - heldStderrLines), line];
    },
    onLineTooLong: (length) => logger.warn('stderr line too long, discarded', { length }),
  });

  /** Held output keeps the exit open until delivered, unless the process is being stopped. */
  const settle = () => {
    if (exit === undefined || (heldChunks.length > 0 && !stopRequested)) return;
    clearTimeout(drainTimer);
    resolveExited(exit);
  };
  const markExited = (processExit: ProcessExit) => {
    exit ??= processExit;
    inputOpen = false;
    for (const callback of exitCallbacks.splice(0)) callback();
  };
  /** 1.5 s after the exit, unless paused, stop waiting for pipes a descendant holds open. */
  const armDrainTimer = () => {
    drainTimer = setTimeout(() => {
      if (outputPaused) return armDrainTimer();
      logger.debug('output still open after exit, closing it', { pid: child.pid });
      child.stdout.destroy();
      child.stderr.destroy();
      stdout.end();
      stderr.end();
      settle();
    }, 1500).unref();
  };

  child.stdout.pause();
  // Node resumes a child's paused stdout when it exits: what arrives while paused is held.
  child.stdout.on('data', (chunk: Buffer) => {
    if (!outputPaused) return stdout.push(chunk);
    heldChunks.push(chunk);
    child.stdout.pause();
  });
  child.stdout.on('end', () => {
    if (heldChunks.length === 0) stdout.end();
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stderr.on('end', () => stderr.end());
  const drained = () => {
    inputCongested = false;
    listeners?.onInputDrain?.();
  };
  child.stdin.on('drain', drained);
  child.stdin.on('error', (error: NodeJS.ErrnoException) => {
    // logged; the bridge hears of it through the agent's exit.
    if (inputOpen)
      logger.warn('agent stdin write failed', { code: error.code, message: error.message });
    inputOpen = false;
    if (inputCongested) drained();
  });
  child.on('error', (error) => {
    if (child.pid !== undefined || exit !== undefined) {
      logger.warn('process error', { pid: child.pid, message: error.message });
      return;
    }
    logger.error('process could not be started', { command, message: error.message });
    markExited({ code: null, signal: null, spawnError: error });
    settle();
  });
  child.on('exit', (code, signal) => {
    logger.debug('process exited', { pid: child.pid, code, signal });
    markExited({ code, signal });
    armDrainTimer();
  });
  child.on('close', () => {
    pipesClosed = true;
    settle();
  });

  const endInput = () => {
    if (inputOpen) child.stdin.end();
    inputOpen = false;
  };
  return {
    /** The process id (on POSIX also its process group id); undefined until spawned. */
    get pid() {
      return child.pid;
    },
    /** Resolves once the process runs, or with the error when it could not be started. */
    spawned,
    /** Resolves once the process exited and its output was delivered (or given up, X-10). */
    exited,
    /** The last ~2 KiB of stderr. */
    get stderrTail() {
      return stderrTail;
    },
    get inputCongested() {
      return inputCongested;
    },
    /** Sets what the process reports (the stderr lines so far first); call it once. */
    listen(next: AgentProcessListeners) {
      listeners = next;
      for (const line of heldStderr.splice(0)) next.onStderrLine?.(line);
    },
    /** Sets (before `resumeOutput()`) what the splitter calls, itself, with every stdout line. */
    setStdoutListener(listener: (line: string) => void) {
      stdout = splitStdout(listener);
    },
    /** Writes one line and `\n`, in call order; false when congested (nothing lost) or closed. */
    writeLine(line: string): boolean {
      if (!inputOpen || !child.stdin.writable) return false;
      inputCongested = !child.stdin.write(`${line}\n`);
      return !inputCongested;
    },
    endInput,
    pauseOutput() {
      outputPaused = true;
      child.stdout.pause();
    },
    resumeOutput() {
      if (!outputPaused) return;
      outputPaused = false;
      const chunks = heldChunks;
      heldChunks = [];
      for (const chunk of chunks) stdout.push(chunk);
      if (child.stdout.readableEnded && chunks.length > 0) stdout.end();
      // The pipes may have closed while these were held: the exit settles only now.
      if (pipesClosed) settle();
      // A listener may have paused again while the held lines were delivered.
      if (!outputPaused) child.stdout.resume();
    },
    /** The staged stop of the whole tree (X-07, `stopProcessTree`); idempotent. */
    stop(stopOptions: { readonly now?: boolean } = {}): Promise<ProcessExit> {
      stopRequested = true;
      if (pipesClosed) settle();
      const target = {
        pid: child.pid,
        whenExited: (callback: () => void) => (exit ? callback() : exitCallbacks.push(callback)),
        closeInput: endInput,
      };
      const { stopGraceMs: graceMs } = options;
      // GA-13: `now` (the user's signal) sends SIGTERM right after stdin EOF, without a grace.
      const exitsOnStdinEof = stopOptions.now === true ? false : options.exitsOnStdinEof;
      stopping ??= stopProcessTree(target, { graceMs, exitsOnStdinEof, logger })
        .then(() => killMarkedProcesses(new Set([marker]), logger, reapOptions))
        .then(() => exited);
      return stopping;
    },
  };
}
