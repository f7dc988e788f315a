import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readJsonLines } from '@agentbridge/test-kit';
import type { Options } from '@anthropic-ai/claude-agent-sdk';
import type { FakeModelServer, RecordedRequest } from '../../fake-model-server.js';
import type { RecordedConnection } from '../../launch-agent.js';
import { foreignConnections } from '../../run-agent-scenario.js';
import { reapWorldProcesses } from './find-world-processes.js';
import { mcpEndpointPorts } from './mcp-endpoint-ports.js';

const require = createRequire(import.meta.url);

/** The CLI's bin shim (`apps/cli/bin/agentbridge.js`); the SDK runs it as `node <path> …`. */
export const cliBinPath: string = join(
  dirname(require.resolve('agentbridge/package.json')),
  'bin',
  'agentbridge.js',
);

/** One line of the ACP wire between agentbridge and the agent. */
export type WireEntry = {
  readonly direction: 'client->agent' | 'agent->client';
  readonly message: {
    readonly id?: number | string;
    readonly method?: string;
    readonly params?: Record<string, unknown>;
    readonly result?: Record<string, unknown>;
    readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
    readonly text?: string;
  };
};

/** Directories of one world; a second world can reuse them to resume a session. */
export type WorldDirectories = {
  /** The throw-away HOME (CODEX_HOME is `<home>/.codex`). */
  readonly homeDirectory: string;
  /** The project directory (the SDK's `cwd`). */
  readonly workDirectory: string;
};

/** Options of {@link createGeminiWorld} and {@link createCodexWorld}. */
export type CliWorldOptions = {
  /** Reuse these directories (a second process resuming a session); created when omitted. */
  readonly directories?: WorldDirectories;
  /** Gemini: `general.maxAttempts` (1 makes error tests fast). */
  readonly maxAttempts?: number;
  /** codex: extra `config.toml` lines. */
  readonly extraConfig?: readonly string[];
  /** Gemini: added to the environment handed to `query()` (planted credentials, EV-01). */
  readonly env?: Readonly<Record<string, string>>;
};

/**
 * One throw-away world for a test that drives a real agent through `agentbridge` with the Claude
 * Agent SDK: a fake model server, a HOME with the agent's offline configuration, a project
 * directory, a state directory, the environment handed to `query()`, and the recorded ACP wire.
 */
export type CliWorld<Server> = {
  readonly server: Server;
  readonly directories: WorldDirectories;
  /** The directory of the agent's shim (first on the CLI's PATH). */
  readonly binDirectory: string;
  /**
   * The environment handed to `query()`: the CLI's whole environment (the SDK adds its own
   * variables and drops `NODE_OPTIONS`), inherited by the agent. Nothing of the test's leaks in.
   */
  readonly env: Record<string, string>;
  /** `query()` options for this world, merged with `overrides`. */
  options(overrides?: Options): Options;
  /** Every ACP line so far, in order (both directions). */
  wire(): WireEntry[];
  /** `params` of the requests/notifications agentbridge sent the agent with `method`. */
  sent(method: string): Record<string, unknown>[];
  /** Everything the CLI wrote to stderr so far. */
  stderr(): string;
  /** Outbound connections recorded so far (net guard log for Gemini, proxy trap for codex). */
  connections(): RecordedConnection[];
  /** Outbound connections that went anywhere but the fake server (must stay empty). */
  foreignConnections(): RecordedConnection[];
  /**
   * Accepts unscripted requests that `predicate` matches (an agent race the test documents): they
   * still got the server's 500, but {@link CliWorld.unexpectedRequests} leaves them out.
   */
  tolerate(predicate: (request: RecordedRequest) => boolean): void;
  /** Unscripted requests that no {@link CliWorld.tolerate} predicate accepts (must stay empty). */
  unexpectedRequests(): RecordedRequest[];
  /**
   * Waits (bounded) until no process of this world is left (SIGKILLs survivors), closes the server
   * (and proxy trap), removes the directories unless `keepDirectories`, and returns the pids that
   * had to be killed (a test asserts the list is empty).
   */
  dispose(options?: { readonly keepDirectories?: boolean }): Promise<number[]>;
};

/** The wire log so far (none before the agent's first line). */
function readWire(wirePath: string): WireEntry[] {
  return existsSync(wirePath) ? (readJsonLines(wirePath) as WireEntry[]) : [];
}

/** What {@link assembleWorld} needs from an agent's world. */
export type WorldParts<Server extends FakeModelServer> = {
  readonly server: Server;
  readonly directories: WorldDirectories;
  readonly agentEnv: Record<string, string>;
  readonly backendId: string;
  readonly shimPath: string;
  readonly wirePath: string;
  readonly connections: () => RecordedConnection[];
  readonly closeExtras?: () => Promise<void>;
  /** CLI flags for every run (`--agent-command` of the generic backend). */
  readonly extraArgs?: Record<string, string | null>;
};

/** The parts of a world every agent shares: state directory, environment, wire, guards, clean-up. */
export function assembleWorld<Server extends FakeModelServer>(
  parts: WorldParts<Server>,
): CliWorld<Server> {
  const { directories } = parts;
  const stateDirectory = join(directories.homeDirectory, 'agentbridge-state');
  mkdirSync(stateDirectory, { recursive: true });
  // The shim named after the agent's command comes first on PATH: the host finds it like the real
  // agent, probes its version and picks the launch arguments itself.
  const env: Record<string, string> = {
    PATH: `${dirname(parts.shimPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    // Where transcripts go (`<HOME>/.claude` in any case), told so that the SDK's session store
    // mirrors them: it keys a file by its path under the CLAUDE_CONFIG_DIR of `env` (SN-11).
    CLAUDE_CONFIG_DIR: join(directories.homeDirectory, '.claude'),
    ...parts.agentEnv,
    HOME: directories.homeDirectory,
    XDG_CONFIG_HOME: join(directories.homeDirectory, '.config'),
    AGENTBRIDGE_BACKEND: parts.backendId,
    AGENTBRIDGE_STATE_DIR: stateDirectory,
  };
  let stderrText = '';
  const wire = () => readWire(parts.wirePath);
  const tolerated: ((request: RecordedRequest) => boolean)[] = [];
  return {
    server: parts.server,
    directories,
    binDirectory: dirname(parts.shimPath),
    env,
    options: (overrides = {}) => ({
      pathToClaudeCodeExecutable: cliBinPath,
      cwd: directories.workDirectory,
      ...(parts.extraArgs !== undefined && { extraArgs: parts.extraArgs }),
      env,
      stderr: (data: string) => {
        stderrText += data;
      },
      ...overrides,
    }),
    wire,
    sent: (method) =>
      wire()
        .filter((entry) => entry.direction === 'client->agent' && entry.message.method === method)
        .map((entry) => entry.message.params ?? {}),
    stderr: () => stderrText,
    connections: parts.connections,
    // The MCP endpoint agentbridge gave the agent is no foreign place either (MCP-01).
    foreignConnections: () =>
      foreignConnections(parts.connections(), parts.server.port).filter(
        (connection) => !(connection.allowed && mcpEndpointPorts(wire()).has(connection.port)),
      ),
    tolerate: (predicate) => {
      tolerated.push(predicate);
    },
    unexpectedRequests: () =>
      parts.server.unscripted.filter((request) => !tolerated.some((accepts) => accepts(request))),
    async dispose(options = {}) {
      const survivors = await reapWorldProcesses([
        directories.homeDirectory,
        directories.workDirectory,
      ]);
      await parts.server.close();
      await parts.closeExtras?.();
      if (!options.keepDirectories) {
        rmSync(directories.homeDirectory, { recursive: true, force: true });
        rmSync(directories.workDirectory, { recursive: true, force: true });
      }
      return survivors;
    },
  };
}
