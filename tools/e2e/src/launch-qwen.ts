import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LaunchedAgent } from './launch-agent.js';
import { createScratchDirectory, spawnAgent } from './launch-agent.js';
import { netGuardPreloadPath } from './launch-gemini.js';

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/** Path of the installed Qwen Code entry point (`@qwen-code/qwen-code/cli.js`). */
export function qwenEntryPoint(): string {
  return join(dirname(require.resolve('@qwen-code/qwen-code/package.json')), 'cli.js');
}

/**
 * The `~/.qwen/settings.json` that keeps Qwen Code offline and quiet (real-agents.md): OpenAI
 * auth without `authenticate`, tools asked in `default` mode (the stock mode asks the model to
 * classify each call), no usage statistics, no managed auto-memory (a second model request after
 * each turn), no follow-up suggestion (one more request after each turn), no auto-update, a
 * context window (else no `usage_update`), and the todo tool (off by default) for plan updates.
 */
export function qwenOfflineSettings(): Record<string, unknown> {
  return {
    security: { auth: { selectedType: 'openai' }, folderTrust: { enabled: false } },
    tools: { approvalMode: 'default', todoWrite: { enabled: true } },
    ui: { enableFollowupSuggestions: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
    general: { enableAutoUpdate: false, checkpointing: { enabled: false } },
    model: { generationConfig: { contextWindowSize: 131072 } },
    ide: { enabled: false },
  };
}

/** The variables that point Qwen Code at the fake Chat Completions API and keep it in one process. */
export function qwenOfflineEnv(serverUrl: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: `${serverUrl}/v1`,
    OPENAI_API_KEY: 'fake-openai-key',
    OPENAI_MODEL: 'qwen3-coder-plus',
    QWEN_CODE_NO_RELAUNCH: 'true',
  };
}

/** Writes the offline settings under `homeDirectory`. */
export function writeQwenSettings(homeDirectory: string): void {
  mkdirSync(join(homeDirectory, '.qwen'), { recursive: true });
  writeFileSync(
    join(homeDirectory, '.qwen', 'settings.json'),
    `${JSON.stringify(qwenOfflineSettings(), null, 2)}\n`,
  );
}

/** Options of {@link launchQwen}. */
export type LaunchQwenOptions = {
  /** The fake Chat Completions API (`http://127.0.0.1:<port>`). */
  readonly serverUrl: string;
  readonly homeDirectory?: string;
  readonly workDirectory?: string;
};

/** Runs the real Qwen Code (`node cli.js --acp`) offline, with the net guard. */
export function launchQwen(options: LaunchQwenOptions): LaunchedAgent {
  const homeDirectory = options.homeDirectory ?? createScratchDirectory('qwen-home');
  const workDirectory = options.workDirectory ?? createScratchDirectory('qwen-work');
  writeQwenSettings(homeDirectory);
  const connectionLogPath = join(homeDirectory, 'net-connections.jsonl');
  return spawnAgent({
    command: process.execPath,
    args: [qwenEntryPoint(), '--acp'],
    homeDirectory,
    workDirectory,
    connectionLogPath,
    // It takes 2-5 s to exit after its stdin closes.
    stopGraceMs: 6_000,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: homeDirectory,
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      NO_COLOR: '1',
      CI: '1',
      ...qwenOfflineEnv(options.serverUrl),
      NODE_OPTIONS: `--require=${netGuardPreloadPath}`,
      AGENTBRIDGE_E2E_NET_LOG: connectionLogPath,
    },
  });
}
