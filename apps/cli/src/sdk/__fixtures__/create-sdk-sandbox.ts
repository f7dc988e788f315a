import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TranscriptEntry } from '@agentbridge/test-kit';
import { fakeAcpAgentBinPath, readTranscript } from '@agentbridge/test-kit';
import type { Options } from '@anthropic-ai/claude-agent-sdk';
import { cliBin } from '../../__fixtures__/run-cli.js';
import { eventually, findProcessesUnder } from './find-processes-under.js';

/** Absolute path of a scenario in this directory (`sdk-agent` → `sdk-agent.json`). */
export function sdkScenarioPath(name: string): string {
  return fileURLToPath(new URL(`./${name}.json`, import.meta.url));
}

/** A JSON-RPC message the bridge sent to the fake agent, or the agent to the bridge. */
export type RecordedRpc = {
  readonly id?: number | string;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
  readonly error?: unknown;
};

/**
 * One throw-away world for a test: a project directory (the cwd), a state directory, a home and
 * the fake agent's transcript, all under one temporary root. The CLI is configured through the
 * environment (`AGENTBRIDGE_BACKEND=acp`, `AGENTBRIDGE_COMMAND`, `AGENTBRIDGE_ARGS`), which the
 * SDK passes as the child's whole environment.
 */
export type SdkSandbox = {
  readonly root: string;
  readonly cwd: string;
  readonly stateDirectory: string;
  /** The environment handed to `query()` (`options.env` replaces the child's environment). */
  readonly env: Record<string, string>;
  /** Everything the CLI wrote to stderr so far (the SDK's `stderr` callback). */
  readonly stderr: () => string;
  /** `query()` options for this sandbox, merged with `overrides`. */
  readonly options: (overrides?: Options) => Options;
  /** What the bridge sent the agent (`bridge->agent`), in order. */
  readonly sentToAgent: () => RecordedRpc[];
  /** What the agent sent the bridge (`agent->bridge`), in order. */
  readonly receivedFromAgent: () => RecordedRpc[];
  /** Pids of live processes started for this sandbox (their cwd or argv lies under `root`). */
  readonly livingProcesses: () => number[];
  /**
   * Waits (bounded) until no process of this sandbox is left, removes the directory and returns
   * the pids still alive (the test asserts the list is empty).
   */
  readonly dispose: () => Promise<number[]>;
};

/** Creates a sandbox whose fake agent plays `scenarioFile`. */
export function createSdkSandbox(scenarioFile: string): SdkSandbox {
  const root = mkdtempSync(join(tmpdir(), 'agentbridge-sdk-'));
  const cwd = join(root, 'project');
  const stateDirectory = join(root, 'state');
  const home = join(root, 'home');
  for (const directory of [cwd, stateDirectory, home]) mkdirSync(directory);
  const recordPath = join(root, 'agent.transcript.jsonl');

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !entry[0].startsWith('AGENTBRIDGE_'),
    ),
  );
  const env: Record<string, string> = {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    AGENTBRIDGE_STATE_DIR: stateDirectory,
    AGENTBRIDGE_BACKEND: 'acp',
    AGENTBRIDGE_COMMAND: fakeAcpAgentBinPath,
    AGENTBRIDGE_ARGS: JSON.stringify(['--scenario', scenarioFile, '--record', recordPath]),
  };
  let stderrText = '';

  const entries = (): TranscriptEntry[] => {
    try {
      return readTranscript(recordPath);
    } catch {
      return [];
    }
  };
  const messages = (direction: TranscriptEntry['direction']): RecordedRpc[] =>
    entries()
      .filter((entry) => entry.direction === direction && 'message' in entry)
      .map((entry) => (entry as { message: RecordedRpc }).message);

  const livingProcesses = (): number[] => findProcessesUnder(root);

  return {
    root,
    cwd,
    stateDirectory,
    env,
    stderr: () => stderrText,
    options: (overrides = {}) => ({
      // The SDK runs a `.mjs` path as `node <path> <claude flags>`.
      pathToClaudeCodeExecutable: cliBin,
      cwd,
      env,
      stderr: (data: string) => {
        stderrText += data;
      },
      ...overrides,
    }),
    sentToAgent: () => messages('bridge->agent'),
    receivedFromAgent: () => messages('agent->bridge'),
    livingProcesses,
    dispose: async () => {
      await eventually(() => livingProcesses().length === 0);
      const survivors = livingProcesses();
      for (const pid of survivors) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      rmSync(root, { recursive: true, force: true });
      return survivors;
    },
  };
}
