import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/** Path of the installed Cline CLI binary (the platform package of `cline`, a Bun executable). */
export function clineBinary(): string {
  const platformPackage = `@cline/cli-${process.platform}-${process.arch}`;
  return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', 'cline');
}

/**
 * Writes `~/.cline/data/settings/providers.json` as `cline auth -p openai -b <url>/v1` writes it:
 * one `openai-compatible` provider at the fake Chat Completions API; and `global-settings.json`
 * with telemetry (OpenTelemetry to otel.cline.bot) and auto-update off.
 */
export function writeClineSettings(homeDirectory: string, serverUrl: string): void {
  const directory = join(homeDirectory, '.cline', 'data', 'settings');
  mkdirSync(directory, { recursive: true });
  const settings = {
    provider: 'openai-compatible',
    apiKey: 'fake-openai-key',
    model: 'fake-model',
    baseUrl: `${serverUrl}/v1`,
  };
  const providers = {
    version: 1,
    lastUsedProvider: 'openai-compatible',
    modes: {},
    providers: {
      'openai-compatible': {
        settings,
        updatedAt: '2026-01-01T00:00:00.000Z',
        tokenSource: 'manual',
      },
    },
  };
  writeFileSync(join(directory, 'providers.json'), `${JSON.stringify(providers, null, 2)}\n`);
  const global = { telemetryOptOut: true, autoUpdateEnabled: false };
  writeFileSync(join(directory, 'global-settings.json'), `${JSON.stringify(global)}\n`);
}

/**
 * The variables that let `cline --acp` start a session without `authenticate`: in ACP mode it
 * only looks for a Cline account (or ChatGPT) unless `CLINE_API_KEY` is set, and it takes its
 * provider from `CLINE_PROVIDER` (else its own, which talks to api.cline.bot). `E2E_TEST` turns its
 * feature-flag client (PostHog at data.cline.bot) off.
 */
export function clineOfflineEnv(): Record<string, string> {
  return {
    CLINE_API_KEY: 'fake-openai-key',
    CLINE_PROVIDER: 'openai-compatible',
    E2E_TEST: 'true',
  };
}
