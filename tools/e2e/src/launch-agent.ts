import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Stream } from '@agentclientprotocol/sdk';
import { ndJsonStream } from '@agentclientprotocol/sdk';

/**
 * Parent of every scratch directory. Not under /tmp: codex refuses to create its helper binaries in
 * the temp directory, so all agents get their throw-away HOME under /var/tmp.
 */
export const scratchRoot = '/var/tmp';

/** Makes a fresh, empty scratch directory `/var/tmp/agentbridge-e2e-<name>-XXXXXX`. */
export function createScratchDirectory(name: string): string {
  return mkdtempSync(join(scratchRoot, `agentbridge-e2e-${name}-`));
}

/** One outbound TCP connect the agent attempted (from the net-guard preload or a proxy log). */
export type RecordedConnection = {
  readonly host: string;
  readonly port: number;
  /** False when the guard refused it (not loopback). */
  readonly allowed: boolean;
};

/** How a launched agent ended. */
export type AgentExit = { readonly code: number | null; readonly signal: NodeJS.Signals | null };

/** A real agent process with its ACP stream and its throw-away directories. */
export type LaunchedAgent = {
  readonly child: ChildProcess;
  /** The agent's stdio as an ACP message stream (for `acp.client().connect(...)`). */
  readonly stream: Stream;
  /** The throw-away HOME (and everything else created for this launch). */
  readonly homeDirectory: string;
  /** The working directory to open sessions in. */
  readonly workDirectory: string;
  /** Resolves when the process exited. */
  readonly exited: Promise<AgentExit>;
  /** Everything the agent wrote to stderr so far. */
  stderr(): string;
  /** Outbound connections seen so far. */
  connections(): RecordedConnection[];
  /**
   * Stops the agent: closes stdin, waits `graceMs`, then SIGTERMs the process group, then SIGKILLs
   * it. Removes the scratch directories unless `keepDirectories`.
   */
  stop(options?: {
    readonly graceMs?: number;
    readonly keepDirectories?: boolean;
  }): Promise<AgentExit>;
};

/** What {@link spawnAgent} needs; the agent-specific launchers fill it in. */
export type SpawnAgentOptions = {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly homeDirectory: string;
  readonly workDirectory: string;
  /** JSONL file the net guard writes, read by `connections()`. */
  readonly connectionLogPath?: string;
  /** Directories removed by `stop()` besides `homeDirectory` and `workDirectory`. */
  readonly extraDirectories?: readonly string[];
  /** Reads connections from somewhere else than `connectionLogPath` (codex: the proxy trap). */
  readonly readConnections?: () => RecordedConnection[];
  /** Default grace of `stop()` between closing stdin, SIGTERM and SIGKILL (default 2 000 ms). */
  readonly stopGraceMs?: number;
};

/**
 * Spawns an agent in its own process group with piped stdio and a scrubbed environment (only what
 * `env` holds: nothing of the parent leaks in, so no real credentials or proxies are inherited).
 */
export function spawnAgent(options: SpawnAgentOptions): LaunchedAgent {
  const child = spawn(options.command, [...options.args], {
    cwd: options.workDirectory,
    env: { ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stderrText = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrText += chunk;
  });
  // A closed pipe while the agent exits must not crash the test process.
  child.stdin?.on('error', () => {});
  const exited = new Promise<AgentExit>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
  });
  if (child.stdin === null || child.stdout === null) throw new Error('agent stdio is not piped');
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );

  const readLoggedConnections = (): RecordedConnection[] =>
    options.connectionLogPath === undefined ? [] : readConnectionLog(options.connectionLogPath);

  let stopping: Promise<AgentExit> | undefined;
  const stop: LaunchedAgent['stop'] = (stopOptions = {}) => {
    stopping ??= (async () => {
      const graceMs = stopOptions.graceMs ?? options.stopGraceMs ?? 2_000;
      child.stdin?.end();
      const exit = await raceWithDelay(exited, graceMs, () => signalGroup(child, 'SIGTERM'));
      const finalExit =
        exit ?? (await raceWithDelay(exited, graceMs, () => signalGroup(child, 'SIGKILL')));
      const result = finalExit ?? (await exited);
      // A child of the agent (claude-agent-acp's Claude Code) may outlive it and still write into
      // its HOME: end the rest of the group before the directories go.
      await endProcessGroup(child);
      if (!stopOptions.keepDirectories) {
        for (const directory of [
          options.homeDirectory,
          options.workDirectory,
          ...(options.extraDirectories ?? []),
        ]) {
          rmSync(directory, { recursive: true, force: true });
        }
      }
      return result;
    })();
    return stopping;
  };

  return {
    child,
    stream,
    homeDirectory: options.homeDirectory,
    workDirectory: options.workDirectory,
    exited,
    stderr: () => stderrText,
    connections: options.readConnections ?? readLoggedConnections,
    stop,
  };
}

/** Waits for `promise` up to `delayMs`; on timeout runs `onTimeout` and resolves `undefined`. */
async function raceWithDelay<T>(
  promise: Promise<T>,
  delayMs: number,
  onTimeout: () => void,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((done) => {
    timer = setTimeout(() => {
      onTimeout();
      done(undefined);
    }, delayMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs what is left of the agent's process group and waits (bounded) until it is gone. */
async function endProcessGroup(child: ChildProcess): Promise<void> {
  const groupAlive = () => {
    try {
      process.kill(-(child.pid ?? 0), 0);
      return child.pid !== undefined;
    } catch {
      return false;
    }
  };
  if (!groupAlive()) return;
  try {
    process.kill(-(child.pid ?? 0), 'SIGKILL');
  } catch {
    return;
  }
  for (let attempt = 0; attempt < 100 && groupAlive(); attempt += 1) await sleep(20);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** The connections the net guard logged to `logPath` (one JSON line each); none when unreadable. */
export function readConnectionLog(logPath: string): RecordedConnection[] {
  let text = '';
  try {
    text = readFileSync(logPath, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as RecordedConnection)
    .map(({ host, port, allowed }) => ({ host, port, allowed }));
}
