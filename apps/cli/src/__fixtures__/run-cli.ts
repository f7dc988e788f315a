import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeAcpAgentBinPath } from '@agentbridge/test-kit';

/** The CLI's executable, as a user runs it (from `dist/`: build first). */
export const cliBin = fileURLToPath(new URL('../../bin/agentbridge.js', import.meta.url));

/** How a CLI run ended and what it printed. */
export type CliRun = { code: number | null; stdout: string; stderr: string };

/** Where the CLI runs and what it is given. */
export type CliOptions = {
  /** The working directory; also `HOME`, with `AGENTBRIDGE_STATE_DIR` at `<cwd>/state`. */
  readonly cwd: string;
  /** Added to the environment (which otherwise holds only `PATH`). */
  readonly env?: Record<string, string>;
};

/** Starts the CLI (for tests that stream or signal it). */
export function spawnCli(
  args: readonly string[],
  options: CliOptions,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [cliBin, ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.cwd,
      AGENTBRIDGE_STATE_DIR: join(options.cwd, 'state'),
      ...options.env,
    },
  });
}

/** Runs the CLI with `stdin` as its whole input and collects its output. */
export function runCli(
  args: readonly string[],
  options: CliOptions & { readonly stdin?: string },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** stdout as stream-json: one JSON object per line (throws on a line that is not JSON). */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The flags the Claude Agent SDK passes for stream-json in and out. */
export const sdkArgs = [
  '--output-format',
  'stream-json',
  '--verbose',
  '--input-format',
  'stream-json',
];

/** A client `initialize` control request line. */
export const initializeLine = (request: Record<string, unknown> = {}, requestId = 'r1') =>
  JSON.stringify({
    type: 'control_request',
    request_id: requestId,
    request: { subtype: 'initialize', ...request },
  });

/** A client `user` message line. */
export const userLine = (text: string) =>
  JSON.stringify({
    type: 'user',
    message: { role: 'user', content: text },
    parent_tool_use_id: null,
    session_id: '',
  });

/** The `acp` backend running the test kit's fake agent on `scenario` (a file or JSON text). */
export function fakeAgentArgs(scenario: string, record?: string): string[] {
  const agentArgs = ['--scenario', scenario, ...(record ? ['--record', record] : [])];
  const command = ['--backend', 'acp', '--agent-command', fakeAcpAgentBinPath];
  return [...command, ...agentArgs.map((argument) => `--agent-arg=${argument}`)];
}
