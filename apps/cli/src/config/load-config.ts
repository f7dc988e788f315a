import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, errorMessage, isRecord } from '@agentbridge/core/contracts';
import type { AgentConfig } from './agent-config-schema.js';

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

const extensions = ['', '.json', '.yaml', '.yml', '.js', '.mjs'];
const homePlaces = extensions.map((extension) => `.agentrc${extension}`);
const projectPlaces = ['package.json', ...homePlaces, 'agent.config.js', 'agent.config.mjs'];
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
  const { cwd, env, homeDirectory } = options;
  const files: ConfigFile[] = [];
  const configHome = env.XDG_CONFIG_HOME || join(homeDirectory, '.config');
  for (const [directory, places] of [
    [join(configHome, 'agentbridge'), globalPlaces],
    [homeDirectory, homePlaces],
  ] as const) {
    if (!places.some((place) => existsSync(join(directory, place)))) continue;
    const explorer = await explorerFor('none', places);
    const found = await read(() => explorer.search(directory), directory);
    if (found) {
      files.push(await toConfigFile('global', found, env));
      break;
    }
  }
  if (options.explicitPath !== undefined) {
    const filePath = resolve(cwd, options.explicitPath);
    const explorer = await explorerFor('none', []);
    const found = await read(() => explorer.load(filePath), filePath);
    files.push(await toConfigFile('explicit', { config: found?.config, filepath: filePath }, env));
  } else if (mayHoldProjectConfig(cwd)) {
    const explorer = await explorerFor('project', projectPlaces);
    const found = await read(() => explorer.search(cwd), cwd);
    if (found && found.filepath !== files[0]?.filePath) {
      files.push(await toConfigFile('project', found, env));
    }
  }
  return files;
}

/** cosmiconfig (module `agent`), loaded only when a file may exist: it costs start-up time. */
async function explorerFor(searchStrategy: 'none' | 'project', searchPlaces: readonly string[]) {
  const { cosmiconfig } = await import('cosmiconfig');
  return cosmiconfig('agent', { searchStrategy, searchPlaces: [...searchPlaces], cache: false });
}

/**
 * False only when cosmiconfig's project search cannot find anything: no search place in `cwd` or a
 * parent up to the first directory with a `package.json`, and that one has no `agent` key.
 */
function mayHoldProjectConfig(cwd: string): boolean {
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    if (
      projectPlaces.some((place) => place !== 'package.json' && existsSync(join(directory, place)))
    ) {
      return true;
    }
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

async function read(run: () => Promise<Found>, where: string): Promise<Found> {
  try {
    return await run();
  } catch (error) {
    const { filepath, code } = Object(error) as { filepath?: unknown; code?: unknown };
    const message =
      code === 'ENOENT'
        ? 'file not found: check the --config / AGENTBRIDGE_CONFIG path'
        : `cannot be read or parsed: ${errorMessage(error).split('\n')[0]}. Fix the syntax (JSON, YAML or an ES module exporting the settings).`;
    throw new ConfigError({
      filePath: filepath ? String(filepath) : where,
      issues: [{ path: '', message }],
    });
  }
}

/** Interpolates and validates a found file; the validator (zod) is loaded only here. */
async function toConfigFile(
  scope: ConfigFile['scope'],
  found: NonNullable<Found>,
  env: Environment,
): Promise<ConfigFile> {
  const { value, missing } = interpolateEnv(found.config, env);
  const { validateAgentConfig } = await import('./agent-config-schema.js');
  return {
    scope,
    filePath: found.filepath,
    directory: dirname(found.filepath),
    config: validateAgentConfig(value, found.filepath),
    missingVariables: missing,
  };
}

const variablePattern = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Replaces `$NAME` and `${NAME}` in every string of `value` (through arrays and plain objects; keys
 * are kept) with variables from `env`; `$$` is a literal `$`. An unset variable becomes `''` and is
 * reported in `missing`.
 */
function interpolateEnv(value: unknown, env: Environment): { value: unknown; missing: string[] } {
  const missing = new Set<string>();
  const visit = (current: unknown): unknown => {
    if (typeof current === 'string') {
      return current.replace(variablePattern, (match, braced?: string, bare?: string) => {
        const name = braced ?? bare ?? '';
        if (match === '$$') return '$';
        if (env[name] === undefined) missing.add(name);
        return env[name] ?? '';
      });
    }
    if (Array.isArray(current)) return current.map(visit);
    const prototype =
      typeof current === 'object' && current !== null && Object.getPrototypeOf(current);
    if (prototype === Object.prototype || prototype === null) {
      return Object.fromEntries(
        Object.entries(current as object).map(([key, entry]) => [key, visit(entry)]),
      );
    }
    return current;
  };
  return { value: visit(value), missing: [...missing] };
}
