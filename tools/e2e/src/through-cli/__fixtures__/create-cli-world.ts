import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeGeminiServer } from '../../fake-gemini-server.js';
import { startFakeGeminiServer } from '../../fake-gemini-server.js';
import type { FakeOpenAiServer } from '../../fake-openai-server.js';
import { startFakeOpenAiServer } from '../../fake-openai-server.js';
import { codexAcpBinary, codexOfflineConfig } from '../../launch-codex.js';
import { geminiEntryPoint, geminiOfflineEnv, geminiOfflineSettings } from '../../launch-gemini.js';
import type { ProxyTrap } from '../../proxy-trap.js';
import { proxyTrapEnv, startProxyTrap } from '../../proxy-trap.js';
import { assembleWorld, type CliWorld, type CliWorldOptions } from './assemble-world.js';
import { createShimWorld, worldDirectories } from './create-shim-world.js';
import { writeAgentShim } from './write-agent-shim.js';

/**
 * A world for Gemini CLI: offline `settings.json`, API key auth against a fake Gemini API, no
 * relaunch, trusted workspace, and the net-guard preload (`NODE_OPTIONS`, set by the shim) in the
 * recorder and in Gemini, so any non-loopback connect is refused and recorded.
 */
export async function createGeminiWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeGeminiServer>> {
  const server = await startFakeGeminiServer();
  const directories = worldDirectories(options, 'cli-gemini');
  const { homeDirectory } = directories;
  mkdirSync(join(homeDirectory, '.gemini'), { recursive: true });
  writeFileSync(
    join(homeDirectory, '.gemini', 'settings.json'),
    `${JSON.stringify(geminiOfflineSettings(options.maxAttempts), null, 2)}\n`,
  );
  return createShimWorld({
    server,
    directories,
    name: 'gemini',
    target: [process.execPath, geminiEntryPoint()],
    backendId: 'gemini',
    // The net guard in the recorder and in Gemini (the SDK drops NODE_OPTIONS on its way).
    netGuard: true,
    proxyTrap: false,
    agentEnv: {
      USERPROFILE: homeDirectory,
      CI: '1',
      ...geminiOfflineEnv(server.url),
      ...options.env,
    },
  });
}

/**
 * A world for codex-acp: a fresh CODEX_HOME whose `config.toml` points at a fake Responses API,
 * and every proxy variable aimed at a proxy trap (loopback excepted) so any other connection fails
 * and is recorded.
 */
export async function createCodexWorld(
  options: CliWorldOptions = {},
): Promise<CliWorld<FakeOpenAiServer>> {
  const server = await startFakeOpenAiServer();
  const directories = worldDirectories(options, 'cli-codex');
  const { homeDirectory } = directories;
  const codexHome = join(homeDirectory, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    codexOfflineConfig(server.url, 'gpt-5.3-codex', options.extraConfig),
  );
  const trap: ProxyTrap = await startProxyTrap();
  const trapEnv = proxyTrapEnv(trap.url);
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  return assembleWorld({
    server,
    directories,
    backendId: 'codex',
    // The proxy trap is baked into the shim too: it holds whatever the SDK or the CLI drop.
    shimPath: writeAgentShim(homeDirectory, 'codex-acp', [codexAcpBinary()], wirePath, trapEnv),
    wirePath,
    connections: () => trap.connections(),
    closeExtras: () => trap.close(),
    agentEnv: {
      CODEX_HOME: codexHome,
      FAKE_OPENAI_API_KEY: 'fake-openai-key',
      ...trapEnv,
    },
  });
}
