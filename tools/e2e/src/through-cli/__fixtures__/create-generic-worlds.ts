import { join } from 'node:path';
import type { FakeChatServer } from '../../fake-chat-server.js';
import { startFakeChatServer } from '../../fake-chat-server.js';
import { createScratchDirectory } from '../../launch-agent.js';
import { clineBinary, clineOfflineEnv, writeClineSettings } from '../../launch-cline.js';
import { openCodeBinary, openCodeOfflineEnv, writeOpenCodeConfig } from '../../launch-opencode.js';
import { proxyTrapEnv, startProxyTrap } from '../../proxy-trap.js';
import type { CliWorld, CliWorldOptions } from './assemble-world.js';
import { assembleWorld } from './assemble-world.js';
import { writeAgentShim } from './write-agent-shim.js';

/**
 * A world for OpenCode (`opencode acp`, an ACP agent no backend names) through the generic `acp`
 * backend: the fake Chat Completions API as its only provider, edits and commands asked, and
 * every proxy variable aimed at the proxy trap (a Bun binary: the net guard cannot sit in it).
 */
export async function createOpenCodeWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeChatServer>> {
  const server = await startFakeChatServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('cli-opencode-home'),
    workDirectory: createScratchDirectory('cli-opencode-work'),
  };
  const { homeDirectory } = directories;
  writeOpenCodeConfig(homeDirectory, server.url);
  const trap = await startProxyTrap();
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  const shimPath = writeAgentShim(homeDirectory, 'opencode', [openCodeBinary(), 'acp'], wirePath);
  return assembleWorld({
    server,
    directories,
    backendId: 'acp',
    extraArgs: { backend: 'acp', 'agent-command': shimPath },
    shimPath,
    wirePath,
    connections: () => trap.connections(),
    closeExtras: () => trap.close(),
    agentEnv: { ...openCodeOfflineEnv(homeDirectory), ...proxyTrapEnv(trap.url) },
  });
}

/**
 * A world for the Cline CLI (`cline --acp`) through the generic `acp` backend: its
 * `openai-compatible` provider at the fake Chat Completions API, the variables that skip its
 * account sign-in, and every proxy variable aimed at the proxy trap (a Bun binary).
 */
export async function createClineWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeChatServer>> {
  const server = await startFakeChatServer();
  const directories = options.directories ?? {
    homeDirectory: createScratchDirectory('cli-cline-home'),
    workDirectory: createScratchDirectory('cli-cline-work'),
  };
  const { homeDirectory } = directories;
  writeClineSettings(homeDirectory, server.url);
  const trap = await startProxyTrap();
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  const shimPath = writeAgentShim(homeDirectory, 'cline', [clineBinary(), '--acp'], wirePath);
  return assembleWorld({
    server,
    directories,
    backendId: 'acp',
    extraArgs: { backend: 'acp', 'agent-command': shimPath },
    shimPath,
    wirePath,
    connections: () => trap.connections(),
    closeExtras: () => trap.close(),
    agentEnv: { ...clineOfflineEnv(), ...proxyTrapEnv(trap.url) },
  });
}
