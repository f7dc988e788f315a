import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LaunchedAgent } from './launch-agent.js';
import { createScratchDirectory, spawnAgent } from './launch-agent.js';
import { netGuardPreloadPath } from './launch-gemini.js';

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/**
 * The real Claude Code binary: the Claude Agent SDK's platform package (`claude-agent-sdk-linux-x64`,
 * Claude Code 2.1.332), installed in `tools/e2e/agents` with optional dependencies.
 */
export function claudeCodeBinary(): string {
  const platform = `@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}`;
  return join(dirname(require.resolve(`${platform}/package.json`)), 'claude');
}

/** Entry point of claude-agent-acp (`@agentclientprotocol/claude-agent-acp`). */
export function claudeAgentAcpEntryPoint(): string {
  const packageJson = require.resolve('@agentclientprotocol/claude-agent-acp/package.json');
  return join(dirname(packageJson), 'dist', 'index.js');
}

/** Entry point of the older Zed adapter `@zed-industries/claude-code-acp` (a generic ACP agent here). */
export function claudeCodeAcpEntryPoint(): string {
  const packageJson = require.resolve('@zed-industries/claude-code-acp/package.json');
  return join(dirname(packageJson), 'dist', 'index.js');
}

/**
 * The variables that keep Claude Code offline against a fake Messages API (real-agents.md): a
 * dummy key, the fake base URL, a fixed model, its config under the scratch HOME, no
 * non-essential traffic, no auto-update, telemetry or error reports; and for scripted tests the
 * todo list as `TodoWrite` (not the Task* tools of SDK sessions) and no prompt suggestion (one
 * more model request after each turn).
 */
export function claudeOfflineEnv(serverUrl: string, homeDirectory: string): Record<string, string> {
  const configDirectory = join(homeDirectory, '.claude');
  mkdirSync(configDirectory, { recursive: true });
  return {
    ANTHROPIC_BASE_URL: serverUrl,
    ANTHROPIC_API_KEY: 'fake-anthropic-key',
    ANTHROPIC_MODEL: 'claude-sonnet-4-5',
    CLAUDE_CONFIG_DIR: configDirectory,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_ENABLE_TASKS: 'false',
    CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION: 'false',
    // claude-agent-acp runs this binary (the same Claude Code as the reference side).
    CLAUDE_CODE_EXECUTABLE: claudeCodeBinary(),
  };
}

/** Options of {@link launchClaudeAgentAcp}. */
export type LaunchClaudeAgentAcpOptions = {
  /** The fake Messages API (`http://127.0.0.1:<port>`). */
  readonly serverUrl: string;
  readonly homeDirectory?: string;
  readonly workDirectory?: string;
};

/**
 * Runs claude-agent-acp (and through it the real Claude Code) offline, for raw ACP tests, with the
 * net guard in claude-agent-acp (Claude Code is a native binary: its offline variables keep it in).
 */
export function launchClaudeAgentAcp(options: LaunchClaudeAgentAcpOptions): LaunchedAgent {
  const homeDirectory = options.homeDirectory ?? createScratchDirectory('claude-acp-home');
  const workDirectory = options.workDirectory ?? createScratchDirectory('claude-acp-work');
  const connectionLogPath = join(homeDirectory, 'net-connections.jsonl');
  return spawnAgent({
    command: process.execPath,
    args: [claudeAgentAcpEntryPoint()],
    homeDirectory,
    workDirectory,
    connectionLogPath,
    env: {
      NODE_OPTIONS: `--require=${netGuardPreloadPath}`,
      AGENTBRIDGE_E2E_NET_LOG: connectionLogPath,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: homeDirectory,
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      NO_COLOR: '1',
      ...claudeOfflineEnv(options.serverUrl, homeDirectory),
    },
  });
}
