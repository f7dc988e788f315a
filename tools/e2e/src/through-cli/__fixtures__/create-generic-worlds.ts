import type { FakeChatServer } from '../../fake-chat-server.js';
import { startFakeChatServer } from '../../fake-chat-server.js';
import { clineBinary, clineOfflineEnv, writeClineSettings } from '../../launch-cline.js';
import { openCodeBinary, openCodeOfflineEnv, writeOpenCodeConfig } from '../../launch-opencode.js';
import type { CliWorld, CliWorldOptions } from './assemble-world.js';
import { createShimWorld, worldDirectories } from './create-shim-world.js';

/**
 * A world for OpenCode (`opencode acp`, an ACP agent no backend names) through the generic `acp`
 * backend: the fake Chat Completions API as its only provider, edits and commands asked, and
 * every proxy variable aimed at the proxy trap (a Bun binary: the net guard cannot sit in it).
 */
export async function createOpenCodeWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeChatServer>> {
  const server = await startFakeChatServer();
  const directories = worldDirectories(options, 'cli-opencode');
  writeOpenCodeConfig(directories.homeDirectory, server.url);
  return createShimWorld({
    server,
    directories,
    name: 'opencode',
    target: [openCodeBinary(), 'acp'],
    agentEnv: openCodeOfflineEnv(directories.homeDirectory),
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
  const directories = worldDirectories(options, 'cli-cline');
  writeClineSettings(directories.homeDirectory, server.url);
  return createShimWorld({
    server,
    directories,
    name: 'cline',
    target: [clineBinary(), '--acp'],
    agentEnv: clineOfflineEnv(),
  });
}
