import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '@agentbridge/core/contracts';
import type { cosmiconfig } from 'cosmiconfig';
import type { AgentConfig } from './agent-config-schema.js';
import { interpolateEnv } from './interpolate-env.js';

/** One configuration file that was found and validated. */
export type ConfigFile = {
  /** `global`: the user's file; `project`: found from the cwd upward; `explicit`: `--config`. */
  readonly scope: 'global' | 'project' | 'explicit';
  readonly filePath: string;
  /** Directory of the file: plugins and relative paths in it are resolved against it. */
  readonly directory: string;
  readonly config: AgentConfig;
  /** `$VAR`s it referenced that are not set (replaced by empty strings). */
  readonly missingVariables: readonly string[];
};

/** Inputs of {@link loadConfig}; nothing is read from `process`. */
export type LoadConfigOptions = {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDirectory: string;
  /** `--config` or `AGENTBRIDGE_CONFIG`: replaces the project search. */
  readonly explicitPath?: string;
};

/** Project search places, in order (cosmiconfig module `agent`). */
export const projectSearchPlaces = [
  'package.json',
  '.agentrc',
  '.agentrc.json',
  '.agentrc.yaml',
  '.agentrc.yml',
  '.agentrc.js',
  '.agentrc.mjs',
  'agent.config.js',
  'agent.config.mjs',
] as const;

const globalConfigPlaces = [
  'config',
  'config.json',
  'config.yaml',
  'config.yml',
  'config.js',
  'config.mjs',
];
const homePlaces = projectSearchPlaces.filter((place) => place.startsWith('.agentrc'));

/**
 * Finds, interpolates and validates the configuration files, lowest precedence first: the user's
 * global file (`$XDG_CONFIG_HOME/agentbridge/config.*`, else `~/.agentrc*`), then the project file
 * (searched from `cwd` up to the nearest `package.json` directory) or the explicit file.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<ConfigFile[]> {
  const files: ConfigFile[] = [];
  const global = await findGlobal(options);
  if (global) files.push(global);

  if (options.explicitPath !== undefined) {
    const filePath = resolve(options.cwd, options.explicitPath);
    files.push(await loadFile(filePath, 'explicit', options.env));
    return files;
  }
  if (!mayHoldProjectConfig(options.cwd)) return files;
  const explorer = (await loadCosmiconfig())('agent', {
    searchStrategy: 'project',
    searchPlaces: [...projectSearchPlaces],
    cache: false,
  });
  const found = await search(() => explorer.search(options.cwd), options.cwd);
  if (found && found.filepath !== global?.filePath) {
    files.push(await toConfigFile(found.filepath, 'project', found.config, options.env));
  }
  return files;
}

/** cosmiconfig, loaded only when a configuration file may exist (it costs start-up time). */
async function loadCosmiconfig(): Promise<typeof cosmiconfig> {
  return (await import('cosmiconfig')).cosmiconfig;
}

/**
 * False only when cosmiconfig's project search from `cwd` cannot find anything: no search place
 * exists in `cwd` or a parent, up to and including the first directory with a `package.json`,
 * and that `package.json` has no `agent` key. Looks at least as far as cosmiconfig does.
 */
function mayHoldProjectConfig(cwd: string): boolean {
  let directory = resolve(cwd);
  for (;;) {
    for (const place of projectSearchPlaces) {
      if (place !== 'package.json' && existsSync(join(directory, place))) return true;
    }
    const packageFile = join(directory, 'package.json');
    if (existsSync(packageFile)) return packageMayHoldConfig(packageFile);
    const parent = dirname(directory);
    if (parent === directory) return false;
    directory = parent;
  }
}

function packageMayHoldConfig(packageFile: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(packageFile, 'utf8'));
    return typeof manifest !== 'object' || manifest === null || 'agent' in manifest;
  } catch {
    // Unreadable or invalid: let cosmiconfig read it and report it.
    return true;
  }
}

async function findGlobal(options: LoadConfigOptions): Promise<ConfigFile | undefined> {
  const configHome = options.env.XDG_CONFIG_HOME || join(options.homeDirectory, '.config');
  const candidates = [
    { directory: join(configHome, 'agentbridge'), places: globalConfigPlaces },
    { directory: options.homeDirectory, places: homePlaces },
  ];
  for (const candidate of candidates) {
    if (!candidate.places.some((place) => existsSync(join(candidate.directory, place)))) continue;
    const explorer = (await loadCosmiconfig())('agent', {
      searchStrategy: 'none',
      searchPlaces: [...candidate.places],
      cache: false,
    });
    const found = await search(() => explorer.search(candidate.directory), candidate.directory);
    if (found) return await toConfigFile(found.filepath, 'global', found.config, options.env);
  }
  return undefined;
}

async function loadFile(
  filePath: string,
  scope: ConfigFile['scope'],
  env: LoadConfigOptions['env'],
): Promise<ConfigFile> {
  const explorer = (await loadCosmiconfig())('agent', { cache: false });
  const loaded = await search(() => explorer.load(filePath), filePath);
  return await toConfigFile(filePath, scope, loaded?.config, env);
}

async function search(
  run: () => Promise<{ config: unknown; filepath: string } | null>,
  where: string,
): Promise<{ config: unknown; filepath: string } | null> {
  try {
    return await run();
  } catch (error) {
    const filePath =
      typeof error === 'object' && error !== null && 'filepath' in error
        ? String(error.filepath)
        : where;
    const reason = error instanceof Error ? error.message : String(error);
    const missing =
      typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
    throw new ConfigError({
      filePath,
      issues: [
        {
          path: '',
          message: missing
            ? 'file not found: check the --config / AGENTBRIDGE_CONFIG path'
            : `cannot be read or parsed: ${reason.split('\n')[0]}. Fix the syntax (JSON, YAML or an ES module exporting the settings).`,
        },
      ],
    });
  }
}

/** Interpolates and validates a found file; the validator (zod) is loaded only here. */
async function toConfigFile(
  filePath: string,
  scope: ConfigFile['scope'],
  document: unknown,
  env: LoadConfigOptions['env'],
): Promise<ConfigFile> {
  const { value, missing } = interpolateEnv(document, env);
  const { validateAgentConfig } = await import('./validate-agent-config.js');
  return {
    scope,
    filePath,
    directory: dirname(filePath),
    config: validateAgentConfig(value, filePath),
    missingVariables: missing,
  };
}
