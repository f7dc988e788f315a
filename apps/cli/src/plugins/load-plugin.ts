import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegisterBackend } from '@agentbridge/core/contracts';
import { ConfigError } from '@agentbridge/core/contracts';
import type { BackendRegistration } from '../backends/backend-registration.js';
import type { PluginReference } from '../config/resolve-settings.js';

/**
 * Resolves a plugin named in a config file from that file's directory (a relative path against the
 * directory, a package name through Node's resolution from there), imports it and checks its shape:
 * it must export `register(container)` (named, or on its default export). Every failure is a
 * `ConfigError` naming the config file, `plugins[i]` and the plugin.
 */
export async function loadPlugin(reference: PluginReference): Promise<BackendRegistration> {
  const origin = { configFile: reference.configFile, path: `plugins[${reference.index}]` };
  const fail = (message: string, cause?: unknown): never => {
    const error = new ConfigError({
      filePath: reference.configFile,
      issues: [{ path: origin.path, message: `plugin "${reference.specifier}" ${message}` }],
    });
    if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
    throw error;
  };

  let filePath: string;
  try {
    filePath = resolvePluginPath(reference.specifier, reference.baseDirectory);
  } catch (error) {
    return fail(
      `cannot be found from ${reference.baseDirectory}: ${describe(error)}. Install the package there (npm install ${reference.specifier}) or fix the path (relative paths start with ./).`,
      error,
    );
  }

  let module: Record<string, unknown>;
  try {
    module = (await import(/* @vite-ignore */ pathToFileURL(filePath).href)) as Record<
      string,
      unknown
    >;
  } catch (error) {
    return fail(`failed to load (${filePath}): ${describe(error)}`, error);
  }

  const register = findRegister(module);
  if (!register) {
    const exported = Object.keys(module).join(', ') || 'nothing';
    return fail(
      `must export a function register(container) (it exports: ${exported}). See the backend plugin guide: export function register(container) { provideValue(container, BackendToken, { manifest }) }.`,
    );
  }
  return { source: reference.specifier, register, origin };
}

/** The file a plugin specifier names, resolved from `baseDirectory`. Throws when it does not exist. */
export function resolvePluginPath(specifier: string, baseDirectory: string): string {
  if (isAbsolute(specifier) || specifier.startsWith('./') || specifier.startsWith('../')) {
    const path = resolve(baseDirectory, specifier);
    readFileSync(path); // throws ENOENT with a clear message
    return path;
  }
  const require = createRequire(join(baseDirectory, 'package.json'));
  try {
    return require.resolve(specifier);
  } catch (error) {
    // ESM-only packages export only an `import` condition, which require.resolve ignores.
    const name = packageName(specifier);
    const packageJsonPath = (require.resolve.paths(specifier) ?? [])
      .map((modulesDirectory) => join(modulesDirectory, name, 'package.json'))
      .find((candidate) => existsSync(candidate));
    if (packageJsonPath === undefined) throw error;
    const entry = esmEntry(JSON.parse(readFileSync(packageJsonPath, 'utf8')), specifier);
    if (entry === undefined) throw error;
    return resolve(dirname(packageJsonPath), entry);
  }
}

function findRegister(module: Record<string, unknown>): RegisterBackend | undefined {
  if (typeof module.register === 'function') return module.register as RegisterBackend;
  const fallback = module.default as Record<string, unknown> | undefined;
  if (fallback && typeof fallback.register === 'function')
    return fallback.register as RegisterBackend;
  return undefined;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

function esmEntry(manifest: Record<string, unknown>, specifier: string): string | undefined {
  const subpath = `.${specifier.slice(packageName(specifier).length)}`;
  const exportsField = manifest.exports;
  const target =
    typeof exportsField === 'string' && subpath === '.'
      ? exportsField
      : typeof exportsField === 'object' && exportsField !== null
        ? pickCondition(
            (exportsField as Record<string, unknown>)[subpath] ??
              (subpath === '.' ? exportsField : undefined),
          )
        : undefined;
  if (target) return target;
  if (subpath !== '.') return undefined;
  return typeof manifest.module === 'string' ? manifest.module : undefined;
}

function pickCondition(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const conditions = value as Record<string, unknown>;
  for (const key of ['node', 'import', 'default']) {
    const picked = pickCondition(conditions[key]);
    if (picked) return picked;
  }
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}
