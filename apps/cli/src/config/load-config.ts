import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, isRecord } from '@agentbridge/core/contracts';
import type { AgentConfig } from './agent-config-schema.js';
import { jsonErrorReason, locateJsonError } from './locate-json-error.js';

/** One configuration file that was found and validated. */
export type ConfigFile = {
  /** `global`: the user's file; `project`: found from the cwd upward; `explicit`: `--config`. */
  readonly scope: 'global' | 'project' | 'explicit';
  readonly filePath: string;
  /** Plugins and `./relative` paths in the file are resolved against its directory. */
  readonly directory: string;
  readonly config: AgentConfig;
  /** `$VAR`s it referenced that are not set (replaced by empty strings). */
  readonly missingVariables: readonly string[];
};

type Environment = Readonly<Record<string, string | undefined>>;
type Found = { config: unknown; filepath: string } | null;
/** `search` in one directory, `search-project` from there upward, or `load` one file. */
type Exploration = 'search' | 'search-project' | 'load';

const extensions = ['', '.json', '.yaml', '.yml', '.js', '.mjs'];
const homePlaces = extensions.map((extension) => `.agentrc${extension}`);
const filePlaces = [...homePlaces, 'agent.config.js', 'agent.config.mjs'];
const projectPlaces = ['package.json', ...filePlaces];
const globalPlaces = extensions.map((extension) => `config${extension}`);

/**
 * Finds, interpolates and validates the configuration files, lowest precedence first: the user's
 * global file (`$XDG_CONFIG_HOME/agentbridge/config.*`, else `~/.agentrc*`), then the project file
 * (searched from `cwd` up to the nearest `package.json` directory) or the explicit file.
 */
export async function loadConfig(options: {
  readonly cwd: string;
  readonly env: Environment;
  readonly homeDirectory: string;
  /** `--config` or `AGENTBRIDGE_CONFIG`: replaces the project search. */
  readonly explicitPath?: string | undefined;
}): Promise<ConfigFile[]> {
  const { cwd, env, homeDirectory, explicitPath } = options;
  const configHome = env.XDG_CONFIG_HOME || join(homeDirectory, '.config');
  const global =
    (await explore('search', join(configHome, 'agentbridge'), globalPlaces)) ??
    (await explore('search', homeDirectory, homePlaces));
  const files = global ? [await toConfigFile('global', global, env)] : [];
  if (explicitPath !== undefined) {
    const filepath = resolve(cwd, explicitPath);
    const found = await explore('load', filepath, []);
    files.push(await toConfigFile('explicit', { config: found?.config, filepath }, env));
  } else if (mayHoldProjectConfig(cwd)) {
    const found = await explore('search-project', cwd, projectPlaces);
    if (found && found.filepath !== files[0]?.filePath) {
      files.push(await toConfigFile('project', found, env));
    }
  }
  return files;
}

/** cosmiconfig (module `agent`), imported only when a file may exist: it costs start-up time. */
async function explore(how: Exploration, where: string, places: readonly string[]): Promise<Found> {
  if (how === 'search' && !places.some((place) => existsSync(join(where, place)))) return null;
  try {
    const { cosmiconfig } = await import('cosmiconfig');
    const searchStrategy = how === 'search-project' ? 'project' : 'none';
    const searchPlaces = [...places];
    const explorer = cosmiconfig('agent', { searchStrategy, searchPlaces, cache: false });
    return await (how === 'load' ? explorer.load(where) : explorer.search(where));
  } catch (error) {
    const { filepath, code } = Object(error) as { filepath?: unknown; code?: unknown };
    const filePath = filepath ? String(filepath) : where;
    if (code === 'ENOENT') {
      const message = 'file not found: check the --config / AGENTBRIDGE_CONFIG path';
      throw new ConfigError({ filePath, issues: [{ path: '', message }] });
    }
    const { line, column, reason } = syntaxErrorOf(error, filePath);
    const message = `${reason}. Fix the syntax (JSON, YAML or an ES module exporting the settings).`;
    const at = line === undefined ? filePath : `${filePath}:${line}:${column}`;
    throw new ConfigError({ filePath: at, issues: [{ path: '', message }] });
  }
}

/**
 * FT-10: where a config file's syntax breaks and why: js-yaml's mark and reason; for JSON (whose
 * messages name no place) the end of the shortest prefix `JSON.parse` rejects for the same reason.
 */
function syntaxErrorOf(
  error: unknown,
  filePath: string,
): { line?: number; column?: number; reason: string } {
  const { mark, reason, name } = Object(error) as {
    mark?: { line: number; column: number };
    reason?: string;
    name?: string;
  };
  if (mark) return { line: mark.line + 1, column: mark.column + 1, reason: String(reason) };
  if (name !== 'JSONError') return { reason: jsonErrorReason(error) };
  return locateJsonError(readFileSync(filePath, 'utf8'));
}

/** False when no search place is in `cwd` or above up to a `package.json` without `agent`. */
function mayHoldProjectConfig(cwd: string): boolean {
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    if (filePlaces.some((place) => existsSync(join(directory, place)))) return true;
    const packageFile = join(directory, 'package.json');
    if (existsSync(packageFile)) {
      try {
        const manifest: unknown = JSON.parse(readFileSync(packageFile, 'utf8'));
        return !isRecord(manifest) || 'agent' in manifest;
      } catch {
        return true; // unreadable or invalid: cosmiconfig reads it and reports it
      }
    }
    if (dirname(directory) === directory) return false;
  }
}

/** Interpolates and validates a found file; the validator (zod) is loaded only here. */
async function toConfigFile(
  scope: ConfigFile['scope'],
  found: NonNullable<Found>,
  env: Environment,
): Promise<ConfigFile> {
  const { validateAgentConfig, formatPath } = await import('./agent-config-schema.js');
  const filePath = found.filepath;
  const missing = new Map<string, string[]>();
  const interpolated = interpolateEnv(found.config, env, (path, name) => {
    const key = formatPath(path);
    missing.set(key, [...(missing.get(key) ?? []), name]);
  });
  const config = validateAgentConfig(interpolated, filePath, missing);
  const missingVariables = [...new Set([...missing.values()].flat())];
  return { scope, filePath, directory: dirname(filePath), config, missingVariables };
}

const variablePattern = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * `$NAME` and `${NAME}` in every string (not keys) from `env`; `$$` is `$`; an unset one becomes
 * `''` and is reported with the key path it is in.
 */
function interpolateEnv(
  value: unknown,
  env: Environment,
  onMissing: (path: readonly PropertyKey[], name: string) => void,
  path: readonly PropertyKey[] = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(variablePattern, (match, braced?: string, bare?: string) => {
      const name = braced ?? bare ?? '';
      if (match === '$$') return '$';
      if (env[name] === undefined) onMissing(path, name);
      return env[name] ?? '';
    });
  }
  const visit = (entry: unknown, key: PropertyKey) =>
    interpolateEnv(entry, env, onMissing, [...path, key]);
  if (Array.isArray(value)) return value.map(visit);
  const prototype = typeof value === 'object' && value !== null && Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(
    Object.entries(value as object).map(([key, item]) => [key, visit(item, key)]),
  );
}
