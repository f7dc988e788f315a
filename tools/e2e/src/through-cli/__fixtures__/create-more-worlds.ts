import { join } from 'node:path';
import type { FakeAnthropicServer } from '../../fake-anthropic-server.js';
import { startFakeAnthropicServer } from '../../fake-anthropic-server.js';
import type { FakeChatServer } from '../../fake-chat-server.js';
import { startFakeChatServer } from '../../fake-chat-server.js';
import { createScratchDirectory, readConnectionLog } from '../../launch-agent.js';
import {
  claudeAgentAcpEntryPoint,
  claudeCodeAcpEntryPoint,
  claudeOfflineEnv,
} from '../../launch-claude.js';
import { netGuardPreloadPath } from '../../launch-gemini.js';
import { qwenEntryPoint, qwenOfflineEnv, writeQwenSettings } from '../../launch-qwen.js';
import { proxyTrapEnv, startProxyTrap } from '../../proxy-trap.js';
import type { CliWorld, CliWorldOptions } from './assemble-world.js';
import { assembleWorld } from './assemble-world.js';
import { writeAgentShim } from './write-agent-shim.js';

/**
 * A world for Qwen Code: offline `settings.json` (OpenAI auth, `default` approval mode, todo tool
 * on, no follow-up suggestions), a fake Chat Completions API, no relaunch, and the net guard.
 */
export async function createQwenWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeChatServer>> {
  const server = await startFakeChatServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('cli-qwen-home'),
    workDirectory: createScratchDirectory('cli-qwen-work'),
  };
  const { homeDirectory } = directories;
  writeQwenSettings(homeDirectory);
  const netLogPath = join(homeDirectory, 'net-connections.jsonl');
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  return assembleWorld({
    server,
    directories,
    backendId: 'qwen',
    shimPath: writeAgentShim(
      homeDirectory,
      'qwen',
      [process.execPath, qwenEntryPoint()],
      wirePath,
      { NODE_OPTIONS: `--require=${netGuardPreloadPath}`, AGENTBRIDGE_E2E_NET_LOG: netLogPath },
    ),
    wirePath,
    connections: () => readConnectionLog(netLogPath),
    agentEnv: { CI: '1', ...qwenOfflineEnv(server.url) },
  });
}

/**
 * The environment that keeps every Claude Code offline against `serverUrl`, for both sides of the
 * differential test: the offline variables, and every proxy variable aimed at `trapUrl` (the
 * native binary is not Node: the net guard cannot sit in it).
 */
function claudeWorldEnv(
  serverUrl: string,
  homeDirectory: string,
  trapUrl: string,
): Record<string, string> {
  return { ...claudeOfflineEnv(serverUrl, homeDirectory), ...proxyTrapEnv(trapUrl) };
}

/**
 * A world for claude-agent-acp running the real Claude Code: a fake Messages API, the offline
 * Claude environment, the net guard in claude-agent-acp and the proxy trap for Claude Code;
 * `generic` runs it through the generic `acp` backend instead of `claude-acp`.
 */
export async function createClaudeAcpWorld(
  options: CliWorldOptions = {},
  generic = false,
): Promise<CliWorld<FakeAnthropicServer>> {
  const server = await startFakeAnthropicServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('cli-claude-home'),
    workDirectory: createScratchDirectory('cli-claude-work'),
  };
  const { homeDirectory } = directories;
  const trap = await startProxyTrap();
  const netLogPath = join(homeDirectory, 'net-connections.jsonl');
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  const shimPath = writeAgentShim(
    homeDirectory,
    'claude-agent-acp',
    [process.execPath, claudeAgentAcpEntryPoint()],
    wirePath,
    { NODE_OPTIONS: `--require=${netGuardPreloadPath}`, AGENTBRIDGE_E2E_NET_LOG: netLogPath },
  );
  return assembleWorld({
    server,
    directories,
    // `generic`: through `--backend acp --agent-command <shim>` (client fs and terminals offered).
    ...(generic
      ? { backendId: 'acp', extraArgs: { backend: 'acp', 'agent-command': shimPath } }
      : { backendId: 'claude-acp' }),
    shimPath,
    wirePath,
    connections: () => [...readConnectionLog(netLogPath), ...trap.connections()],
    closeExtras: () => trap.close(),
    agentEnv: {
      ...claudeWorldEnv(server.url, homeDirectory, trap.url),
      // The generic backend hands no vendor's credentials to its agent unless named (EV-01).
      ...(generic && { AGENTBRIDGE_PASS_ENV: 'ANTHROPIC_API_KEY,ANTHROPIC_BASE_URL' }),
    },
  });
}

/**
 * A world for `@zed-industries/claude-code-acp` (an ACP agent no backend names) through the generic
 * `acp` backend (`--backend acp --agent-command <shim>`); the rest as for claude-agent-acp (it
 * runs the same Claude Code).
 */
export async function createClaudeCodeAcpWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeAnthropicServer>> {
  const server = await startFakeAnthropicServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('cli-zed-claude-home'),
    workDirectory: createScratchDirectory('cli-zed-claude-work'),
  };
  const { homeDirectory } = directories;
  const trap = await startProxyTrap();
  const netLogPath = join(homeDirectory, 'net-connections.jsonl');
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  const shimPath = writeAgentShim(
    homeDirectory,
    'claude-code-acp',
    [process.execPath, claudeCodeAcpEntryPoint()],
    wirePath,
    { NODE_OPTIONS: `--require=${netGuardPreloadPath}`, AGENTBRIDGE_E2E_NET_LOG: netLogPath },
  );
  return assembleWorld({
    server,
    directories,
    backendId: 'acp',
    extraArgs: { backend: 'acp', 'agent-command': shimPath },
    shimPath,
    wirePath,
    connections: () => [...readConnectionLog(netLogPath), ...trap.connections()],
    closeExtras: () => trap.close(),
    // An agent no backend names gets no vendor's key unless passed (EV-03), as an SDK user passes it.
    agentEnv: {
      ...claudeWorldEnv(server.url, homeDirectory, trap.url),
      AGENTBRIDGE_PASS_ENV: 'ANTHROPIC_API_KEY',
    },
  });
}

/**
 * The reference world of the differential test: the same fake Messages API and offline Claude
 * environment, for a `query()` that runs the real Claude Code binary itself (give
 * `pathToClaudeCodeExecutable: claudeCodeBinary()`), with no agentbridge in between.
 */
export async function createClaudeReferenceWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeAnthropicServer>> {
  const server = await startFakeAnthropicServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('claude-ref-home'),
    workDirectory: createScratchDirectory('claude-ref-work'),
  };
  const { homeDirectory } = directories;
  const trap = await startProxyTrap();
  return assembleWorld({
    server,
    directories,
    backendId: 'claude',
    // No agent: nothing is put on PATH, no wire is recorded.
    shimPath: join(homeDirectory, 'bin', 'none'),
    wirePath: join(homeDirectory, 'no-wire.jsonl'),
    connections: () => trap.connections(),
    closeExtras: () => trap.close(),
    agentEnv: claudeWorldEnv(server.url, homeDirectory, trap.url),
  });
}
