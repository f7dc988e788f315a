import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolveInside } from './client-files.js';
import type { HostOperations } from './host-operations.js';
import type { Environment } from './host-platform.js';
import { createProcessTreeSignaller } from './process-group.js';
import { terminalSpawn } from './terminal-command.js';

type TerminalKind = Extract<keyof HostOperations, `terminal/${string}`>;
type ExitStatus = { readonly exitCode: number | null; readonly signal: string | null };

/** One running (or finished) command of the agent's. */
type Terminal = {
  readonly child: ChildProcess;
  output: Buffer;
  truncated: boolean;
  exitStatus: ExitStatus | undefined;
  readonly exited: Promise<ExitStatus>;
};

/** Default output kept per terminal when the agent sets no `outputByteLimit`. */
const defaultOutputBytes = 1024 * 1024;

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
 * shell as Zed runs it (CF-08, `terminalSpawn`), in a directory inside `roots`, each in a process group
 * of its own; stdout and stderr are kept up to `outputByteLimit` (the oldest bytes go first).
 * `close()` kills every terminal still running (the session ended).
 */
export function createClientTerminals(options: {
  readonly roots: readonly string[];
  /** The environment commands start with (the agent's); the agent's `env` entries are added. */
  readonly env: Environment;
}) {
  const terminals = new Map<string, Terminal>();
  const signalTree = createProcessTreeSignaller();
  const kill = (terminal: Terminal) => {
    const { pid } = terminal.child;
    if (terminal.exitStatus === undefined && pid !== undefined) signalTree(pid, 'SIGKILL');
  };
  const find = (terminalId: string) => {
    const terminal = terminals.get(terminalId);
    if (terminal === undefined) throw new Error(`No terminal ${terminalId}.`);
    return terminal;
  };
  const operations: Required<Pick<HostOperations, TerminalKind | 'close'>> = {
    'terminal/create': async ({ command, args = [], cwd, env = [], outputByteLimit }) => {
      const directory = await resolveInside(options.roots, cwd ?? options.roots[0]);
      const variables = {
        ...options.env,
        ...Object.fromEntries(env.map((e) => [e.name, e.value])),
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
      const limit = outputByteLimit ?? defaultOutputBytes;
      const terminal: Terminal = {
        child,
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
      kill(find(terminalId));
      return {};
    },
    'terminal/release': async ({ terminalId }) => {
      kill(find(terminalId));
      terminals.delete(terminalId);
      return {};
    },
    close: async () => {
      const running = [...terminals.values()];
      terminals.clear();
      for (const terminal of running) kill(terminal);
      await Promise.all(running.map((terminal) => terminal.exited));
    },
  };
  return operations;
}
