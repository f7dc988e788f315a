import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The real agents are installed in `tools/e2e/agents` by `pnpm test:e2e` only (see its README).
const require = createRequire(new URL('../agents/package.json', import.meta.url));

/**
 * Path of the installed OpenCode binary: the platform package of `opencode-ai`
 * (`opencode-linux-x64/bin/opencode`, a Bun executable; `opencode-ai`'s own bin is a placeholder
 * its postinstall replaces, and the e2e install runs no scripts).
 */
export function openCodeBinary(): string {
  const platformPackage = `opencode-${process.platform}-${process.arch}`;
  return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', 'opencode');
}

/**
 * The global `opencode.json` that keeps OpenCode offline and asking: one OpenAI-compatible provider
 * (the fake Chat Completions API, bundled `@ai-sdk/openai-compatible`) as the model and the small
 * model, no session titles (a side request), edits and commands asked (`permission: ask`; the
 * default allows them), no sharing, no auto-update.
 */
export function openCodeOfflineConfig(serverUrl: string): Record<string, unknown> {
  return {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    model: 'fake/fake-model',
    small_model: 'fake/fake-model',
    agent: { title: { disable: true } },
    permission: { edit: 'ask', bash: 'ask' },
    provider: {
      fake: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Fake',
        options: { baseURL: `${serverUrl}/v1`, apiKey: 'fake-openai-key' },
        models: { 'fake-model': { name: 'Fake model', tool_call: true } },
      },
    },
  };
}

/**
 * Writes the offline configuration under `homeDirectory` (`~/.config/opencode`), with a
 * `node_modules` and a lock naming `@opencode-ai/plugin`: OpenCode installs that package into each
 * configuration directory from the npm registry unless both say it is there.
 */
export function writeOpenCodeConfig(homeDirectory: string, serverUrl: string): void {
  const directory = join(homeDirectory, '.config', 'opencode');
  mkdirSync(join(directory, 'node_modules'), { recursive: true });
  writeFileSync(
    join(directory, 'opencode.json'),
    `${JSON.stringify(openCodeOfflineConfig(serverUrl), null, 2)}\n`,
  );
  const lock = { packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } } };
  writeFileSync(join(directory, 'package-lock.json'), `${JSON.stringify(lock)}\n`);
}

/** The variables that keep OpenCode from fetching models, updates, plugins and LSP servers. */
export function openCodeOfflineEnv(homeDirectory: string): Record<string, string> {
  return {
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    XDG_DATA_HOME: join(homeDirectory, '.local', 'share'),
    XDG_CACHE_HOME: join(homeDirectory, '.cache'),
    XDG_STATE_HOME: join(homeDirectory, '.local', 'state'),
  };
}
