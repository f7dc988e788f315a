import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@agentbridge/core/contracts';
import { resolveInside } from './client-files.js';
import type { HostOperations } from './host-operations.js';
import type { Environment } from './host-platform.js';
import { createProcessTreeSignaller } from './process-group.js';
import { terminalSpawn } from './terminal-command.js';
import { killMarkedProcesses, terminalMarkerName } from './terminal-reaper.js';

type TerminalKind = Extract<keyof HostOperations, `terminal/${string}`>;
type ExitStatus = { readonly exitCode: number | null; readonly signal: string | null };

/** One running (or finished) command of the agent's. */
type Terminal = {
  readonly child: ChildProcess;
  /** CF-10: the value of {@link terminalMarkerName} its processes carry. */
  readonly marker: string;
  output: Buffer;
  truncated: boolean;
  exitStatus: ExitStatus | undefined;
  readonly exited: Promise<ExitStatus>;
};

/** Default output kept per terminal when the agent sets no `outputByteLimit`. */
const defaultOutputBytes = 1024 * 1024;
/** CF-09: the most an agent's `outputByteLimit` may keep. */
const defaultMaxOutputBytes = 16 * 1024 * 1024;

/** The last `limit` bytes of `output`, cut at a character boundary (ACP's truncation). */
function keepTail(output: Buffer, limit: number): Buffer {
  if (output.length <= limit) return output;
  let start = output.length - limit;
  while (start < output.length && ((output[start] as number) & 0xc0) === 0x80) start += 1;
  return output.subarray(start);
}

/**
 * CF-06: ACP's `terminal/*` methods with real child processes: a program and its arguments are
 * run without a shell (no interpolation), a whole command line without arguments in the user's
 * shell as Zed runs it (CF-12, `terminalSpawn`), in a directory inside `roots`, each in a process group
 * of its own; stdout and stderr are kept up to `outputByteLimit` (the oldest bytes go first).
 * `close()` kills every terminal still running (the session ended). CF-10: kill, release and
 * close signal the group even when its leader exited, and kill every process carrying the
 * terminal's marker variable (descendants that left the group).
 */
export function createClientTerminals(options: {
  readonly roots: readonly string[];
  /** The environment commands start with (the agent's); the agent's `env` entries are added. */
  readonly env: Environment;
  /** CF-09: the largest `outputByteLimit` honoured (default 16 MiB). */
  readonly maxOutputBytes?: number;
  readonly logger?: Logger;
}) {
  const terminals = new Map<string, Terminal>();
  /** Every terminal's marker, released ones too: close() looks for all of them. */
  const markers = new Set<string>();
  const signalTree = createProcessTreeSignaller(options.logger);
  const kill = async (terminal: Terminal) => {
    const { pid } = terminal.child;
    if (pid !== undefined) signalTree(pid, 'SIGKILL');
    await killMarkedProcesses(new Set([terminal.marker]), options.logger);
  };
  const find = (terminalId: string) => {
    const terminal = terminals.get(terminalId);
    if (terminal === undefined) throw new Error(`No terminal ${terminalId}.`);
    return terminal;
  };
  const operations: Required<Pick<HostOperations, TerminalKind | 'close'>> = {
    'terminal/create': async ({ command, args = [], cwd, env = [], outputByteLimit }) => {
      const directory = await resolveInside(options.roots, cwd ?? options.roots[0]);
      const marker = randomUUID();
      const variables = {
        ...options.env,
        ...Object.fromEntries(env.map((e) => [e.name, e.value])),
        [terminalMarkerName]: marker,
      };
      const { platform } = process;
      const program = terminalSpawn({ command, args, directory, env: variables, platform });
      const child = spawn(program.file, program.args, {
        cwd: directory,
        env: variables,
        detached: platform !== 'win32',
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        windowsVerbatimArguments: program.verbatim,
      });
      markers.add(marker);
      const limit = Math.max(
        0,
        Math.min(
          outputByteLimit ?? defaultOutputBytes,
          options.maxOutputBytes ?? defaultMaxOutputBytes,
        ),
      );
      const terminal: Terminal = {
        child,
        marker,
        output: Buffer.alloc(0),
        truncated: false,
        exitStatus: undefined,
        exited: new Promise((resolve) =>
          child.on('close', (exitCode, signal) => {
            terminal.exitStatus = { exitCode, signal };
            resolve(terminal.exitStatus);
          }),
        ),
      };
      const append = (chunk: Buffer) => {
        const output = Buffer.concat([terminal.output, chunk]);
        terminal.output = keepTail(output, limit);
        terminal.truncated ||= terminal.output.length < output.length;
      };
      child.stdout?.on('data', append);
      child.stderr?.on('data', append);
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const terminalId = `term-${randomUUID()}`;
      terminals.set(terminalId, terminal);
      return { terminalId };
    },
    'terminal/output': async ({ terminalId }) => {
      const { output, truncated, exitStatus } = find(terminalId);
      return { output: output.toString('utf8'), truncated, ...(exitStatus && { exitStatus }) };
    },
    'terminal/wait_for_exit': async ({ terminalId }) => find(terminalId).exited,
    'terminal/kill': async ({ terminalId }) => {
      await kill(find(terminalId));
      return {};
    },
    'terminal/release': async ({ terminalId }) => {
      const terminal = find(terminalId);
      terminals.delete(terminalId);
      await kill(terminal);
      return {};
    },
    close: async () => {
      const running = [...terminals.values()];
      terminals.clear();
      for (const { child } of running)
        if (child.pid !== undefined) signalTree(child.pid, 'SIGKILL');
      await killMarkedProcesses(markers, options.logger);
      // A process that shed the marker (`env -i`) may still hold a pipe: close() never waits on it.
      for (const { child } of running)
        for (const stream of [child.stdout, child.stderr]) stream?.destroy();
      await Promise.all(running.map((terminal) => terminal.exited));
    },
  };
  return operations;
}
