import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FakeAgentScenario } from '@agentbridge/test-kit';
import { fakeAcpAgentBinPath } from '@agentbridge/test-kit';
import { sdkArgs, spawnCli } from '../../__fixtures__/run-cli.js';
import { childProcessesOf, pollFor, readCommandLine } from './process-table.js';

/** A parsed stdout line of the CLI (plain text lines become `{ type: 'text', text }`). */
export type WireMessage = Readonly<Record<string, unknown>>;

/** How the CLI process ended. */
export type BridgeExit = { readonly code: number | null; readonly signal: NodeJS.Signals | null };

/** A CLI process started by {@link startBridge}. */
export type BridgeRun = {
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** Every stdout line so far, parsed. */
  readonly messages: WireMessage[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Writes one stream-json message to the CLI's stdin. */
  send(message: WireMessage): void;
  /** Closes the CLI's stdin (EOF). */
  endInput(): void;
  /** Resolves with the first stdout message `accept` takes (or undefined after `limitMs`). */
  waitForMessage(
    accept: (message: WireMessage) => boolean,
    limitMs?: number,
  ): Promise<WireMessage | undefined>;
  /** Resolves with the exit, or undefined when the CLI still runs after `limitMs`. */
  waitForExit(limitMs?: number): Promise<BridgeExit | undefined>;
};

/** Options of {@link startBridge}. */
export type StartBridgeOptions = {
  /** The fake agent's scenario; written to `<workDirectory>/scenario.json`. */
  readonly scenario: FakeAgentScenario;
  /** The CLI's working directory (and HOME). */
  readonly workDirectory: string;
  /** `AGENTBRIDGE_STATE_DIR` of the run. */
  readonly stateDirectory: string;
  /** The agent script run with `node` (default: the test kit's `fake-acp-agent.mjs`). */
  readonly agentScript?: string;
  /** Runs in print mode (`-p <prompt>`, text output, stdin closed) instead of stream-json. */
  readonly printPrompt?: string;
  /** Extra CLI arguments. */
  readonly extraArgs?: readonly string[];
  /** Extra environment variables of the CLI. */
  readonly env?: Readonly<Record<string, string>>;
};

/**
 * Spawns the CLI in stream-json mode (the Agent SDK's flags) in front of the test kit's fake ACP
 * agent playing `scenario`.
 */
export function startBridge(options: StartBridgeOptions): BridgeRun {
  const scenarioFile = join(options.workDirectory, 'scenario.json');
  writeFileSync(scenarioFile, JSON.stringify(options.scenario));
  const child = spawnCli(
    [
      ...(options.printPrompt === undefined
        ? [...sdkArgs, '--include-partial-messages']
        : ['-p', options.printPrompt, '--verbose']),
      '--backend',
      'acp',
      '--agent-command',
      process.execPath,
      '--agent-arg',
      options.agentScript ?? fakeAcpAgentBinPath,
      '--agent-arg=--scenario',
      '--agent-arg',
      scenarioFile,
      ...(options.extraArgs ?? []),
    ],
    {
      cwd: options.workDirectory,
      env: { ...options.env, AGENTBRIDGE_STATE_DIR: options.stateDirectory },
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the CLI did not start');

  const messages: WireMessage[] = [];
  const messageListeners = new Set<(message: WireMessage) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.trim() === '') return;
    const message = parseLine(line);
    messages.push(message);
    for (const listener of messageListeners) listener(message);
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // The CLI may exit before reading everything we wrote.
  child.stdin.on('error', () => {});
  if (options.printPrompt !== undefined) child.stdin.end();

  let exit: BridgeExit | undefined;
  const exited = new Promise<BridgeExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });

  return {
    child,
    pid,
    messages,
    stderr: () => stderr,
    send(message) {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    endInput() {
      child.stdin.end();
    },
    waitForMessage(accept, limitMs = 20_000) {
      const found = messages.find(accept);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          messageListeners.delete(listener);
          resolve(undefined);
        }, limitMs);
        const listener = (message: WireMessage) => {
          if (!accept(message)) return;
          clearTimeout(timer);
          messageListeners.delete(listener);
          resolve(message);
        };
        messageListeners.add(listener);
        void exited.then(() => {
          clearTimeout(timer);
          messageListeners.delete(listener);
          resolve(messages.find(accept));
        });
      });
    },
    waitForExit(limitMs = 30_000) {
      if (exit) return Promise.resolve(exit);
      return Promise.race([
        exited,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), limitMs).unref()),
      ]);
    },
  };
}

/** A stdout line as JSON, or `{ type: 'text', text }` for print mode's plain text. */
function parseLine(line: string): WireMessage {
  try {
    return JSON.parse(line) as WireMessage;
  } catch {
    return { type: 'text', text: line };
  }
}

/** The fake agent the CLI spawned and the grandchild the agent spawned. */
export type AgentTree = { readonly agentPid: number; readonly grandchildPid: number };

/**
 * Finds the agent among the CLI's children (the one given a `--scenario`) and the agent's own
 * child in `/proc`, polling until both exist (bounded). Undefined when they never appear.
 */
export async function findAgentTree(cliPid: number): Promise<AgentTree | undefined> {
  return pollFor(() => {
    const agent = childProcessesOf(cliPid).find((stat) =>
      readCommandLine(stat.pid)?.includes(' --scenario '),
    );
    if (agent === undefined) return undefined;
    const grandchild = childProcessesOf(agent.pid)[0];
    return grandchild === undefined
      ? undefined
      : { agentPid: agent.pid, grandchildPid: grandchild.pid };
  });
}

/** The SDK's `initialize` control request. */
export const initializeRequest: WireMessage = {
  type: 'control_request',
  request_id: 'hygiene-init',
  request: { subtype: 'initialize' },
};

/** A user message as the Agent SDK sends it. */
export function userMessage(text: string): WireMessage {
  return {
    type: 'user',
    message: { role: 'user', content: text },
    parent_tool_use_id: null,
    session_id: '',
  };
}

/** True for the `system/init` message. */
export const isSystemInit = (message: WireMessage): boolean =>
  message.type === 'system' && message.subtype === 'init';

/** True for a `result` message. */
export const isResult = (message: WireMessage): boolean => message.type === 'result';

/** True for a partial-message `stream_event` carrying a text delta. */
export const isTextDelta = (message: WireMessage): boolean => {
  if (message.type !== 'stream_event') return false;
  const event = message.event as { type?: string; delta?: { type?: string } } | undefined;
  return event?.type === 'content_block_delta' && event.delta?.type === 'text_delta';
};
