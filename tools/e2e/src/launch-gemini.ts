import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchedAgent } from './launch-agent.js';
import { createScratchDirectory, spawnAgent } from './launch-agent.js';

/** Options of {@link launchGemini}. */
export type LaunchGeminiOptions = {
  /** The fake Gemini API (`http://127.0.0.1:<port>`, no trailing path). */
  readonly serverUrl: string;
  /** `--model <id>`: skips the routing call that model `auto` makes before each prompt. */
  readonly model?: string;
  /** Model API attempts before giving up (`general.maxAttempts`); 1 makes error tests fast. */
  readonly maxAttempts?: number;
  /** Extra command-line arguments after `--acp`. */
  readonly extraArgs?: readonly string[];
  /** Extra environment variables (win over the defaults below). */
  readonly env?: Readonly<Record<string, string>>;
  /** Reuse this HOME (e.g. a second process resuming a session); created when omitted. */
  readonly homeDirectory?: string;
  /** Reuse this working directory; created when omitted. */
  readonly workDirectory?: string;
};

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/** Path of the installed Gemini CLI entry point (`@google/gemini-cli/bundle/gemini.js`). */
export function geminiEntryPoint(): string {
  return join(dirname(require.resolve('@google/gemini-cli/package.json')), 'bundle', 'gemini.js');
}

/** Path of the CommonJS preload that logs and guards outbound connects. */
export const netGuardPreloadPath = fileURLToPath(
  new URL('../preload/net-guard.cjs', import.meta.url),
);

/** The `~/.gemini/settings.json` that keeps the CLI offline and quiet (see real-agents.md). */
export function geminiOfflineSettings(maxAttempts?: number): Record<string, unknown> {
  return {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    general: {
      enableAutoUpdate: false,
      enableAutoUpdateNotification: false,
      checkpointing: { enabled: false },
      sessionRetention: { enabled: false },
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ide: { enabled: false },
  };
}

/**
 * Runs the real Gemini CLI (`node gemini.js --acp`) offline: throw-away HOME with offline
 * settings, API key auth against the fake server, no relaunch, trusted workspace, and the net-guard
 * preload that refuses and records any non-loopback connect.
 */
/**
 * The variables that point Gemini CLI at the fake server with a dummy key, keep it in one process
 * and trust the workspace (so `autoEdit`/`yolo` are honoured).
 */
export function geminiOfflineEnv(serverUrl: string): Record<string, string> {
  return {
    GEMINI_API_KEY: 'fake-gemini-key',
    GOOGLE_GEMINI_BASE_URL: serverUrl,
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  };
}

export function launchGemini(options: LaunchGeminiOptions): LaunchedAgent {
  const homeDirectory = options.homeDirectory ?? createScratchDirectory('gemini-home');
  const workDirectory = options.workDirectory ?? createScratchDirectory('gemini-work');
  mkdirSync(join(homeDirectory, '.gemini'), { recursive: true });
  writeFileSync(
    join(homeDirectory, '.gemini', 'settings.json'),
    `${JSON.stringify(geminiOfflineSettings(options.maxAttempts), null, 2)}\n`,
  );
  const connectionLogPath = join(homeDirectory, 'net-connections.jsonl');
  const args = [geminiEntryPoint(), '--acp'];
  if (options.model !== undefined) args.push('--model', options.model);
  args.push(...(options.extraArgs ?? []));
  return spawnAgent({
    command: process.execPath,
    args,
    homeDirectory,
    workDirectory,
    connectionLogPath,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: homeDirectory,
      USERPROFILE: homeDirectory,
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      NO_COLOR: '1',
      CI: '1',
      ...geminiOfflineEnv(options.serverUrl),
      NODE_OPTIONS: `--require=${netGuardPreloadPath}`,
      AGENTBRIDGE_E2E_NET_LOG: connectionLogPath,
      ...options.env,
    },
  });
}

/**
 * Gemini CLI names a chat file `session-<minute>-<id8>.jsonl`; loading it within the same minute
 * makes the new process open a file of the same name, which hides the history ("No previous
 * sessions found for this project."). Backdates the chat files under `homeDirectory` so a resume
 * test does not depend on the clock.
 */
export function backdateGeminiChats(homeDirectory: string): void {
  const chats = join(homeDirectory, '.gemini', 'tmp');
  for (const project of readdirSync(chats)) {
    const directory = join(chats, project, 'chats');
    if (!existsSync(directory)) continue;
    for (const file of readdirSync(directory)) {
      renameSync(
        join(directory, file),
        join(directory, file.replace(/^session-[\dT-]{16}-/, 'session-2026-01-01T00-00-')),
      );
    }
  }
}
