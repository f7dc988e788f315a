import { spawn } from 'node:child_process';
import { LineTooLongError, type Logger, noopLogger } from '@agentbridge/core/contracts';
import type { AgentProcess, ProcessExit } from './agent-process.js';
import { type FileSystem, nodeFileSystem } from './file-system.js';
import { type HostPlatform, isWindows } from './host-platform.js';
import { createLineSplitter, defaultMaxLineBytes } from './line-splitter.js';
import {
  createProcessTreeSignaller,
  defaultStopGraceMs,
  type SignalProcessTree,
  stopProcessTree,
} from './process-group.js';
import { resolveSpawnCommand } from './resolve-spawn-command.js';
import { systemTimers, type Timers } from './timers.js';

/** Options of {@link spawnAgentProcess}. */
export type SpawnAgentProcessOptions = {
  /** The resolved executable (from `findExecutable`). Never run through a shell. */
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  /** The complete environment of the child (see `createAgentEnvironment`). */
  readonly env: Readonly<Record<string, string>>;
  readonly platform?: HostPlatform;
  readonly fileSystem?: FileSystem;
  readonly logger?: Logger;
  readonly timers?: Timers;
  /** Longest accepted stdout line in bytes (default 32 MiB). */
  readonly maxLineBytes?: number;
  /** `BackendManifest.process.stopGraceMs` (default 1 500). */
  readonly stopGraceMs?: number;
  /** `BackendManifest.process.exitsOnStdinEof` (default true). */
  readonly exitsOnStdinEof?: boolean;
  /** How long to wait after exit for unpaused output to drain (default 1 500, X-10). */
  readonly drainGraceMs?: number;
  /** Used in error messages (`agent stdout`). Default `agent`. */
  readonly label?: string;
  readonly signalTree?: SignalProcessTree;
};

const stderrTailChars = 2048;
const maxStderrLineBytes = 1024 * 1024;

/**
 * Starts a child process with piped stdio, no shell and (on POSIX) its own process group, and
 * exposes it as lines with backpressure both ways.
 */
export function spawnAgentProcess(options: SpawnAgentProcessOptions): AgentProcess {
  const platform = options.platform ?? process.platform;
  const logger = options.logger ?? noopLogger;
  const timers = options.timers ?? systemTimers;
  const label = options.label ?? 'agent';
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(platform, logger);
  const spawnCommand = resolveSpawnCommand({
    executablePath: options.command,
    args: options.args,
    platform,
    fileSystem: options.fileSystem ?? nodeFileSystem,
    env: options.env,
  });
  logger.debug('spawning process', {
    command: spawnCommand.command,
    args: spawnCommand.args,
    via: spawnCommand.via,
    cwd: options.cwd,
  });

  let stdoutListener: (line: string) => void = () => {};
  let stderrListener: (line: string) => void = () => {};
  let tooLongListener: (error: LineTooLongError) => void = (error) =>
    logger.error('line too long', { source: error.source, limitBytes: error.limitBytes });
  let drainListener: () => void = () => {};
  let stderrTail = '';
  let inputOpen = true;
  let inputCongested = false;
  let outputPaused = false;
  let exitInfo: ProcessExit | undefined;
  const exitCallbacks: (() => void)[] = [];

  const child = spawn(spawnCommand.command, [...spawnCommand.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: !isWindows(platform),
    windowsHide: true,
    windowsVerbatimArguments: spawnCommand.windowsVerbatimArguments,
    shell: false,
  });

  const stdoutSplitter = createLineSplitter({
    maxLineBytes,
    onLine: (line) => stdoutListener(line),
    onLineTooLong: () =>
      tooLongListener(
        new LineTooLongError({ limitBytes: maxLineBytes, source: `${label} stdout` }),
      ),
  });
  const stderrSplitter = createLineSplitter({
    maxLineBytes: maxStderrLineBytes,
    onLine: (line) => {
      stderrTail = `${stderrTail}${line}\n`.slice(-stderrTailChars);
      stderrListener(line);
    },
    onLineTooLong: (length) => logger.warn('stderr line too long, discarded', { length }),
  });

  // Node resumes a child's paused stdout when the child exits (`flushStdio`): chunks that arrive
  // while paused are held and the stream is paused again, so a pause holds until resumeOutput().
  let heldChunks: Buffer[] = [];
  let stdoutEnded = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (outputPaused) {
      heldChunks.push(chunk);
      child.stdout.pause();
      return;
    }
    stdoutSplitter.push(chunk);
  });
  child.stdout.on('end', () => {
    stdoutEnded = true;
    if (heldChunks.length === 0) stdoutSplitter.end();
  });
  const releaseHeldChunks = () => {
    const chunks = heldChunks;
    heldChunks = [];
    for (const chunk of chunks) stdoutSplitter.push(chunk);
    if (stdoutEnded && chunks.length > 0) stdoutSplitter.end();
    // The pipes may have closed while these chunks were held: the exit settles only now, after
    // the last line was delivered (nothing is lost to a paused client).
    if (pipesClosed) settle();
  };
  child.stderr.on('data', (chunk: Buffer) => stderrSplitter.push(chunk));
  child.stderr.on('end', () => stderrSplitter.end());
  child.stdin.on('drain', () => {
    inputCongested = false;
    drainListener();
  });
  child.stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (inputOpen)
      logger.warn('agent stdin write failed', { code: error.code, message: error.message });
    inputOpen = false;
    if (inputCongested) {
      inputCongested = false;
      drainListener();
    }
  });

  let resolveSpawned: () => void = () => {};
  let rejectSpawned: (error: Error) => void = () => {};
  const spawned = new Promise<void>((resolve, reject) => {
    resolveSpawned = resolve;
    rejectSpawned = reject;
  });
  spawned.catch(() => {});
  let resolveExited: (exit: ProcessExit) => void = () => {};
  const exited = new Promise<ProcessExit>((resolve) => {
    resolveExited = resolve;
  });

  let settled = false;
  let pipesClosed = false;
  let drainTimer: unknown;
  const settle = () => {
    // Held output keeps the exit open until it is delivered, unless the process is being stopped
    // (nobody will resume a stopped transport's output).
    if (settled || exitInfo === undefined || (heldChunks.length > 0 && !stopRequested)) return;
    settled = true;
    if (drainTimer !== undefined) timers.clearTimeout(drainTimer);
    resolveExited(exitInfo);
  };
  const markExited = (exit: ProcessExit) => {
    if (exitInfo !== undefined) return;
    exitInfo = exit;
    inputOpen = false;
    for (const callback of exitCallbacks.splice(0)) callback();
  };
  const armDrainTimer = () => {
    drainTimer = timers.setTimeout(() => {
      drainTimer = undefined;
      if (settled) return;
      if (outputPaused) return armDrainTimer();
      // A descendant still holds the pipes open: stop waiting for them.
      logger.debug('output still open after exit, closing it', { pid: child.pid });
      child.stdout.destroy();
      child.stderr.destroy();
      stdoutSplitter.end();
      stderrSplitter.end();
      settle();
    }, options.drainGraceMs ?? 1500);
  };

  child.on('spawn', () => {
    logger.debug('process started', { pid: child.pid });
    resolveSpawned();
  });
  child.on('error', (error) => {
    if (child.pid === undefined && exitInfo === undefined) {
      logger.error('process could not be started', {
        command: spawnCommand.command,
        message: error.message,
      });
      rejectSpawned(error);
      markExited({ code: null, signal: null, spawnError: error });
      settle();
      return;
    }
    logger.warn('process error', { pid: child.pid, message: error.message });
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

  let stopping: Promise<ProcessExit> | undefined;
  let stopRequested = false;
  const agentProcess: AgentProcess = {
    get pid() {
      return child.pid;
    },
    spawned,
    exited,
    get stderrTail() {
      return stderrTail;
    },
    get inputCongested() {
      return inputCongested;
    },
    onStdoutLine(listener) {
      stdoutListener = listener;
    },
    onStderrLine(listener) {
      stderrListener = listener;
    },
    onLineTooLong(listener) {
      tooLongListener = listener;
    },
    onInputDrain(listener) {
      drainListener = listener;
    },
    writeLine(line) {
      if (!inputOpen || !child.stdin.writable) return false;
      const accepted = child.stdin.write(`${line}\n`);
      if (!accepted) inputCongested = true;
      return accepted;
    },
    endInput() {
      if (!inputOpen) return;
      inputOpen = false;
      child.stdin.end();
    },
    pauseOutput() {
      if (outputPaused) return;
      outputPaused = true;
      child.stdout.pause();
    },
    resumeOutput() {
      if (!outputPaused) return;
      outputPaused = false;
      releaseHeldChunks();
      // A listener may have paused again while the held lines were delivered.
      if (!outputPaused) child.stdout.resume();
    },
    hasExited: () => exitInfo !== undefined,
    stop() {
      stopRequested = true;
      if (pipesClosed) settle();
      stopping ??= stopProcessTree(
        {
          pid: child.pid,
          hasExited: () => exitInfo !== undefined,
          whenExited: (callback) => {
            if (exitInfo !== undefined) callback();
            else exitCallbacks.push(callback);
          },
          closeInput: () => agentProcess.endInput(),
        },
        {
          graceMs: options.stopGraceMs ?? defaultStopGraceMs,
          exitsOnStdinEof: options.exitsOnStdinEof ?? true,
          platform,
          timers,
          signalTree,
          logger,
        },
      ).then(() => exited);
      return stopping;
    },
    kill() {
      if (child.pid !== undefined) signalTree(child.pid, 'SIGKILL');
    },
  };
  return agentProcess;
}
