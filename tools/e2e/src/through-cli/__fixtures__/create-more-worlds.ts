import { join } from 'node:path';
import type { FakeAnthropicServer } from '../../fake-anthropic-server.js';
import { startFakeAnthropicServer } from '../../fake-anthropic-server.js';
import type { FakeChatServer } from '../../fake-chat-server.js';
import { startFakeChatServer } from '../../fake-chat-server.js';
import {
  claudeAgentAcpEntryPoint,
  claudeCodeAcpEntryPoint,
  claudeOfflineEnv,
} from '../../launch-claude.js';
import { qwenEntryPoint, qwenOfflineEnv, writeQwenSettings } from '../../launch-qwen.js';
import { proxyTrapEnv, startProxyTrap } from '../../proxy-trap.js';
import type { CliWorld, CliWorldOptions } from './assemble-world.js';
import { assembleWorld } from './assemble-world.js';
import { createShimWorld, worldDirectories } from './create-shim-world.js';

/**
 * A world for Qwen Code: offline `settings.json` (OpenAI auth, `default` approval mode, todo tool
 * on, no follow-up suggestions), a fake Chat Completions API, no relaunch, and the net guard.
 */
export async function createQwenWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeChatServer>> {
  const server = await startFakeChatServer();
  const directories = worldDirectories(options, 'cli-qwen');
  writeQwenSettings(directories.homeDirectory);
  return createShimWorld({
    server,
    directories,
    name: 'qwen',
    target: [process.execPath, qwenEntryPoint()],
    backendId: 'qwen',
    netGuard: true,
    proxyTrap: false,
    agentEnv: { CI: '1', ...qwenOfflineEnv(server.url) },
  });
}

/**
 * A world for claude-agent-acp running the real Claude Code: a fake Messages API, the offline
 * Claude environment, the net guard in claude-agent-acp and the proxy trap for Claude Code (the
 * native binary is not Node: the net guard cannot sit in it); `generic` runs it through the
 * generic `acp` backend instead of `claude-acp`.
 */
export async function createClaudeAcpWorld(
  options: CliWorldOptions = {},
  generic = false,
): Promise<CliWorld<FakeAnthropicServer>> {
  const server = await startFakeAnthropicServer();
  const directories = worldDirectories(options, 'cli-claude');
  return createShimWorld({
    server,
    directories,
    name: 'claude-agent-acp',
    target: [process.execPath, claudeAgentAcpEntryPoint()],
    // `generic`: through `--backend acp --agent-command <shim>` (client fs and terminals offered).
    ...(!generic && { backendId: 'claude-acp' }),
    netGuard: true,
    agentEnv: {
      ...claudeOfflineEnv(server.url, directories.homeDirectory),
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
  const directories = worldDirectories(options, 'cli-zed-claude');
  return createShimWorld({
    server,
    directories,
    name: 'claude-code-acp',
    target: [process.execPath, claudeCodeAcpEntryPoint()],
    netGuard: true,
    // An agent no backend names gets no vendor's key unless passed (EV-03), as an SDK user passes it.
    agentEnv: {
      ...claudeOfflineEnv(server.url, directories.homeDirectory),
      AGENTBRIDGE_PASS_ENV: 'ANTHROPIC_API_KEY',
    },
  });
}

/**
 * The reference world of the differential test: the same fake Messages API and offline Claude
 * environment (every proxy variable aimed at the trap), for a `query()` that runs the real Claude
 * Code binary itself (give `pathToClaudeCodeExecutable: claudeCodeBinary()`), with no agentbridge.
 */
export async function createClaudeReferenceWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeAnthropicServer>> {
  const server = await startFakeAnthropicServer();
  const directories = worldDirectories(options, 'claude-ref');
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
    agentEnv: { ...claudeOfflineEnv(server.url, homeDirectory), ...proxyTrapEnv(trap.url) },
  });
}
