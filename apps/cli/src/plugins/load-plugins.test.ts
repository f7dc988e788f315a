import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigError, createMemoryLogger, DuplicateBackendError } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContainer } from '../backends/create-container.js';
import type { PluginReference } from '../config/resolve-settings.js';
import { loadPlugin, loadPlugins } from './load-plugins.js';

const importModule = (url: string) => import(/* @vite-ignore */ url);

let directory: string;

const manifestSource = (id: string) => `{
  specificationVersion: 'backend-v1', id: ${JSON.stringify(id)}, displayName: 'Plugin ${id}', protocol: 'acp',
  launch: { command: '${id}-agent', args: ['--acp'] }, probe: {}, env: { forward: [], credentials: [] },
  process: { names: ['${id}-agent'], exitsOnStdinEof: true }, hints: {}, auth: { preferredMethodIds: [] }, quirks: {},
}`;

// Plugins outside the repo cannot import @agentbridge/core: the Symbol.for token is the contract.
const pluginSource = (id: string) => `
const BackendToken = Symbol.for('agentbridge.core.Backend');
export function register(container) {
  container.register(BackendToken, { useValue: { manifest: ${manifestSource(id)} } });
}
`;

function write(relativePath: string, content: string): string {
  const path = join(directory, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

function reference(specifier: string, index = 0): PluginReference {
  return { specifier, baseDirectory: directory, configFile: join(directory, '.agentrc'), index };
}

async function configErrorOf(run: () => unknown): Promise<ConfigError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-plugins-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('plugins', () => {
  it('loads a relative plugin file and a package (ESM-only exports) from the config directory', async () => {
    write('plugins/local.mjs', pluginSource('local-agent'));
    write(
      'node_modules/@acme/agentbridge-backend-foo/package.json',
      JSON.stringify({
        name: '@acme/agentbridge-backend-foo',
        type: 'module',
        exports: { '.': { import: './main.js' } },
      }),
    );
    write('node_modules/@acme/agentbridge-backend-foo/main.js', pluginSource('foo'));

    const plugins = await loadPlugins(
      [reference('./plugins/local.mjs', 0), reference('@acme/agentbridge-backend-foo', 1)],
      importModule,
    );
    const catalog = await createContainer({ logger: createMemoryLogger(), plugins });

    expect([...catalog.backends.keys()]).toEqual([
      'gemini',
      'codex',
      'qwen',
      'claude-acp',
      'grok',
      'claude',
      'acp',
      'local-agent',
      'foo',
    ]);
    expect(catalog.get('foo')).toMatchObject({
      source: '@acme/agentbridge-backend-foo',
      manifest: { displayName: 'Plugin foo', launch: { command: 'foo-agent' } },
    });
    expect(catalog.get('local-agent').source).toBe('./plugins/local.mjs');
  });

  it('accepts register on the default export', async () => {
    write(
      'default.mjs',
      `${pluginSource('d').replace('export function register', 'function register')}\nexport default { register };`,
    );
    const plugin = await loadPlugin(reference('./default.mjs'), importModule);
    expect(
      (await createContainer({ logger: createMemoryLogger(), plugins: [plugin] })).get('d').manifest
        .id,
    ).toBe('d');
  });

  it('names the file, the entry and the fix when a plugin cannot be found', async () => {
    const missingFile = await configErrorOf(() =>
      loadPlugin(reference('./nope.mjs', 2), importModule),
    );
    expect(missingFile.filePath).toBe(join(directory, '.agentrc'));
    expect(missingFile.issues[0]?.path).toBe('plugins[2]');
    expect(missingFile.issues[0]?.message).toContain('plugin "./nope.mjs" cannot be found from');

    const missingPackage = await configErrorOf(() =>
      loadPlugin(reference('@acme/not-installed'), importModule),
    );
    expect(missingPackage.issues[0]?.message).toContain('npm install @acme/not-installed');
  });

  it('rejects a module without register()', async () => {
    write('shapeless.mjs', 'export const manifest = {};');
    const error = await configErrorOf(() => loadPlugin(reference('./shapeless.mjs'), importModule));
    expect(error.issues[0]?.message).toContain(
      'must export a function register(container) (it exports: manifest)',
    );
  });

  it('rejects a module that fails to import', async () => {
    write('broken.mjs', 'export function register( {');
    const error = await configErrorOf(() => loadPlugin(reference('./broken.mjs'), importModule));
    expect(error.issues[0]?.message).toContain('plugin "./broken.mjs" failed to load');
  });

  it('rejects a plugin whose manifest has the wrong shape, naming the fields', async () => {
    write(
      'bad-manifest.mjs',
      `export function register(container) {
        container.register(Symbol.for('agentbridge.core.Backend'), { useValue: { manifest: { specificationVersion: 'backend-v2', id: 'Bad Id' } } });
      }`,
    );
    const plugin = await loadPlugin(reference('./bad-manifest.mjs'), importModule);
    const error = await configErrorOf(() =>
      createContainer({ logger: createMemoryLogger(), plugins: [plugin] }),
    );
    const message = error.issues[0]?.message ?? '';
    expect(error.issues[0]?.path).toBe('plugins[0]');
    expect(message).toContain('plugin "./bad-manifest.mjs" registered an invalid backend');
    expect(message).toContain('manifest.specificationVersion:');
    expect(message).toContain('manifest.id: must be lowercase kebab-case');
    expect(message).toContain('manifest.launch');
  });

  it('rejects a plugin that registers nothing or throws', async () => {
    write('empty.mjs', 'export function register() {}');
    write('throws.mjs', 'export function register() { throw new Error("boom"); }');
    const empty = await loadPlugin(reference('./empty.mjs'), importModule);
    const throws = await loadPlugin(reference('./throws.mjs', 1), importModule);
    expect(
      (
        await configErrorOf(() =>
          createContainer({ logger: createMemoryLogger(), plugins: [empty] }),
        )
      ).message,
    ).toContain('register() added no backend');
    const thrown = await configErrorOf(() =>
      createContainer({ logger: createMemoryLogger(), plugins: [throws] }),
    );
    expect(thrown.issues[0]).toEqual({
      path: 'plugins[1]',
      message: 'plugin "./throws.mjs" register() threw: boom',
    });
  });

  it('rejects a duplicate id with DuplicateBackendError naming both sources', async () => {
    write('gemini-again.mjs', pluginSource('gemini'));
    const plugin = await loadPlugin(reference('./gemini-again.mjs'), importModule);
    let caught: unknown;
    try {
      await createContainer({ logger: createMemoryLogger(), plugins: [plugin] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DuplicateBackendError);
    expect((caught as DuplicateBackendError).message).toBe(
      "Backend id 'gemini' is registered more than once (by @agentbridge/backend-gemini and ./gemini-again.mjs). Remove one of the plugins or give it another id.",
    );
  });
});
