import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LaunchedAgent } from './launch-agent.js';
import { createScratchDirectory, spawnAgent } from './launch-agent.js';
import { proxyTrapEnv, startProxyTrap } from './proxy-trap.js';

/** Options of {@link launchCodex}. */
export type LaunchCodexOptions = {
  /** The fake OpenAI API (`http://127.0.0.1:<port>`); codex POSTs `<url>/v1/responses`. */
  readonly serverUrl: string;
  /** A model slug codex knows (default `gpt-5.3-codex`). */
  readonly model?: string;
  /** Extra `config.toml` lines appended at top level (before the provider table). */
  readonly extraConfig?: readonly string[];
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Reuse this CODEX_HOME/HOME parent (a second process resuming a session). */
  readonly homeDirectory?: string;
  /** Reuse this working directory. */
  readonly workDirectory?: string;
};

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/** Path of the native codex-acp binary from the platform package of `@zed-industries/codex-acp`. */
export function codexAcpBinary(): string {
  const wrapper = createRequire(require.resolve('@zed-industries/codex-acp/package.json'));
  const platformPackage = `@zed-industries/codex-acp-${process.platform}-${process.arch}`;
  const binaryName = process.platform === 'win32' ? 'codex-acp.exe' : 'codex-acp';
  return join(dirname(wrapper.resolve(`${platformPackage}/package.json`)), 'bin', binaryName);
}

/** The `config.toml` that points codex at the fake Responses API (see real-agents.md). */
export function codexOfflineConfig(
  serverUrl: string,
  model: string,
  extraConfig: readonly string[] = [],
): string {
  return [
    `model = "${model}"`,
    'model_provider = "fake"',
    'model_reasoning_summary = "detailed"',
    'check_for_update_on_startup = false',
    ...extraConfig,
    '',
    '[model_providers.fake]',
    'name = "Fake local Responses API"',
    `base_url = "${serverUrl}/v1"`,
    'env_key = "FAKE_OPENAI_API_KEY"',
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
}

/**
 * Runs the real codex-acp binary offline: a fresh CODEX_HOME and HOME under /var/tmp, a custom
 * provider pointing at the fake server, and every proxy variable aimed at a {@link startProxyTrap}
 * (with `NO_PROXY` for loopback) so any other connection fails and is recorded.
 */
export async function launchCodex(options: LaunchCodexOptions): Promise<LaunchedAgent> {
  const homeDirectory = options.homeDirectory ?? createScratchDirectory('codex-home');
  const workDirectory = options.workDirectory ?? createScratchDirectory('codex-work');
  const codexHome = join(homeDirectory, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    codexOfflineConfig(options.serverUrl, options.model ?? 'gpt-5.3-codex', options.extraConfig),
  );
  const trap = await startProxyTrap();
  const agent = spawnAgent({
    command: codexAcpBinary(),
    args: [],
    homeDirectory,
    workDirectory,
    readConnections: () => trap.connections(),
    // codex-acp ignores stdin EOF: do not wait long before signalling it.
    stopGraceMs: 200,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: homeDirectory,
      CODEX_HOME: codexHome,
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      NO_COLOR: '1',
      FAKE_OPENAI_API_KEY: 'fake-openai-key',
      ...proxyTrapEnv(trap.url),
      ...options.env,
    },
  });
  void agent.exited.then(() => trap.close());
  return agent;
}
