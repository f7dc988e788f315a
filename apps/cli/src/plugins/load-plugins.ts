import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegisterBackend } from '@agentbridge/core/contracts';
import { ConfigError, errorMessage } from '@agentbridge/core/contracts';
import type { BackendRegistration } from '../backends/builtin-backends.js';
import type { PluginReference } from '../config/resolve-settings.js';

/** The `ConfigError` for a bad plugin: the config file, its `plugins[i]` entry and the plugin. */
export function pluginError(plugin: PluginReference, message: string, cause?: unknown) {
  const { specifier, index, configFile } = plugin;
  const issue = { path: `plugins[${index}]`, message: `plugin "${specifier}" ${message}` };
  const error = new ConfigError({ filePath: configFile, issues: [issue] });
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
  return error;
}

/** The caller's `import()` of a file URL. */
type ImportModule = (url: string) => Promise<Record<string, unknown>>;

/** Loads every plugin in order (one at a time, so an error names the first bad one). */
export async function loadPlugins(plugins: readonly PluginReference[], importModule: ImportModule) {
  const registrations: BackendRegistration[] = [];
  for (const plugin of plugins) registrations.push(await loadPlugin(plugin, importModule));
  return registrations;
}

/** Imports a plugin (a path or a package, from its config file's directory) and its `register`. */
export async function loadPlugin(
  plugin: PluginReference,
  importModule: ImportModule,
): Promise<BackendRegistration> {
  const { specifier, baseDirectory } = plugin;
  const fail = (message: string, cause?: unknown) => pluginError(plugin, message, cause);
  const firstLine = (error: unknown) => errorMessage(error).split('\n')[0];
  let filePath: string;
  let module: Record<string, unknown> & { default?: { register?: unknown } };
  try {
    filePath = resolvePluginPath(specifier, baseDirectory);
  } catch (error) {
    const fix = `Install the package there (npm install ${specifier}) or fix the path (relative paths start with ./).`;
    throw fail(`cannot be found from ${baseDirectory}: ${firstLine(error)}. ${fix}`, error);
  }
  try {
    module = await importModule(pathToFileURL(filePath).href);
  } catch (error) {
    throw fail(`failed to load (${filePath}): ${firstLine(error)}`, error);
  }
  const register = [module.register, module.default?.register].find(
    (candidate) => typeof candidate === 'function',
  );
  if (register) return { source: specifier, register: register as RegisterBackend, plugin };
  const exported = Object.keys(module).join(', ') || 'nothing';
  throw fail(
    `must export a function register(container) (it exports: ${exported}). See the backend plugin guide: export function register(container) { provideValue(container, BackendToken, { manifest }) }.`,
  );
}

/** The file a plugin specifier names, resolved from `baseDirectory`; throws when there is none. */
function resolvePluginPath(specifier: string, baseDirectory: string): string {
  if (isAbsolute(specifier) || specifier.startsWith('./') || specifier.startsWith('../')) {
    const path = resolve(baseDirectory, specifier);
    readFileSync(path); // throws ENOENT with a clear message
    return path;
  }
  const require = createRequire(join(baseDirectory, 'package.json'));
  try {
    return require.resolve(specifier);
  } catch (error) {
    // An ESM-only package exports only an `import` condition, which require.resolve ignores.
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    const packageJson = (require.resolve.paths(specifier) ?? [])
      .map((directory) => join(directory, name, 'package.json'))
      .find(existsSync);
    if (packageJson === undefined) throw error;
    const { exports, module: moduleEntry } = JSON.parse(readFileSync(packageJson, 'utf8'));
    const subpath = `.${specifier.slice(name.length)}`;
    const target = subpath === '.' ? (exports?.['.'] ?? exports) : exports?.[subpath];
    const entry =
      pickCondition(target) ?? (subpath === '.' ? pickCondition(moduleEntry) : undefined);
    if (!entry) throw error;
    return resolve(dirname(packageJson), entry);
  }
}

function pickCondition(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const key of ['node', 'import', 'default']) {
    const picked = pickCondition((value as Record<string, unknown>)[key]);
    if (picked) return picked;
  }
  return undefined;
}
