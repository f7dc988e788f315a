import { resolve } from 'node:path';
import type { ClaudePermissionMode } from '@agentbridge/core/contracts';
import { ConfigError } from '@agentbridge/core/contracts';
import { resolveStateDirectory } from '@agentbridge/host-node';
import { optionalEntry } from '../util/optional-entry.js';
import type { BackendSettings } from './agent-config-schema.js';
import type { ConfigFile } from './load-config.js';
import { resolveConfigCommand } from './resolve-config-command.js';

/** A plugin named in a config file, with the directory it is resolved from. */
export type PluginReference = {
  readonly specifier: string;
  readonly baseDirectory: string;
  readonly configFile: string;
  /** Position in that file's `plugins` list, for error messages (`plugins[1]`). */
  readonly index: number;
};

/** Everything the run path needs to know, merged: flags > env > project > global > defaults. */
export type ResolvedSettings = {
  /** The chosen backend id, or undefined when nothing chose one. */
  readonly backendId: string | undefined;
  /** A command replacing the backend's default (then `args` replaces its default arguments). */
  readonly command?: string;
  /** Arguments replacing the backend's default arguments; `[]` when a command was given alone. */
  readonly args?: readonly string[];
  readonly authMethod?: string;
  /** Extra variables for the agent's environment (merged over every layer). */
  readonly env: Readonly<Record<string, string>>;
  readonly model?: string;
  readonly permissionMode?: ClaudePermissionMode;
  readonly handshakeTimeoutMs?: number;
  /**
   * Where the session store and process records live: `AGENTBRIDGE_STATE_DIR`, else `stateDir`
   * from the config (relative to its file), else host-node's default (XDG state dir).
   */
  readonly stateDirectory: string;
  readonly plugins: readonly PluginReference[];
  /** The files that contributed, lowest precedence first. */
  readonly configFiles: readonly string[];
};

type SettingsLayer = Omit<BackendSettings, 'args'> & { readonly args?: readonly string[] };

/** The flag values that take part in the merge (already parsed from argv). */
export type SettingFlags = {
  readonly backend?: string;
  readonly agentCommand?: string;
  readonly agentArgs?: readonly string[];
  readonly model?: string;
  readonly permissionMode?: ClaudePermissionMode;
};

/** Inputs of {@link resolveSettings}. */
export type ResolveSettingsOptions = {
  readonly flags: SettingFlags;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly files: readonly ConfigFile[];
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
};

/**
 * Merges the configuration layers. Within a file, `backends.<id>` overrides the top-level keys of
 * the same file; a higher layer overrides a lower one key by key; `env` maps are merged. A
 * `./relative` command in a file is resolved against that file's directory.
 * `AGENTBRIDGE_ARGS` must be a JSON array of strings (a `ConfigError` names the variable otherwise).
 */
export function resolveSettings(options: ResolveSettingsOptions): ResolvedSettings {
  const { env, files, flags } = options;
  const backendId =
    flags.backend ??
    nonEmpty(env.AGENTBRIDGE_BACKEND) ??
    lastDefined(files.map((file) => file.config.backend));

  const layers: SettingsLayer[] = files.flatMap((file) => {
    const perBackend = backendId ? file.config.backends?.[backendId] : undefined;
    const fileLayers = perBackend
      ? [pickSettings(file.config), perBackend]
      : [pickSettings(file.config)];
    // A relative command path in a file (`./bin/agent`) is relative to that file, not to the cwd.
    return fileLayers.map((layer) =>
      layer.command === undefined
        ? layer
        : { ...layer, command: resolveConfigCommand(layer.command, file.directory) },
    );
  });
  layers.push({
    ...optionalEntry('command', nonEmpty(env.AGENTBRIDGE_COMMAND)),
    ...optionalEntry('args', parseArgsVariable(env.AGENTBRIDGE_ARGS)),
  });
  layers.push({
    ...optionalEntry('command', flags.agentCommand),
    ...optionalEntry('args', flags.agentArgs),
    ...optionalEntry('model', flags.model),
    ...optionalEntry('permissionMode', flags.permissionMode),
  });

  const pick = <Key extends keyof SettingsLayer>(key: Key): SettingsLayer[Key] =>
    lastDefined(layers.map((layer) => layer[key]));
  const command = pick('command');
  const args = pick('args') ?? (command !== undefined ? [] : undefined);
  const permissionMode = pick('permissionMode');
  const stateDirectoryFromFile = [...files].reverse().find((file) => file.config.stateDir);

  return {
    backendId,
    ...optionalEntry('command', command),
    ...optionalEntry('args', args),
    ...optionalEntry('authMethod', pick('authMethod')),
    env: Object.assign({}, ...layers.map((layer) => layer.env ?? {})),
    ...optionalEntry('model', pick('model')),
    ...optionalEntry('permissionMode', permissionMode === 'manual' ? 'default' : permissionMode),
    ...optionalEntry('handshakeTimeoutMs', pick('handshakeTimeoutMs')),
    stateDirectory:
      stateDirectoryFromFile && !nonEmpty(env.AGENTBRIDGE_STATE_DIR)
        ? resolve(
            stateDirectoryFromFile.directory,
            stateDirectoryFromFile.config.stateDir as string,
          )
        : resolveStateDirectory({
            env,
            platform: options.platform,
            homeDirectory: options.homeDirectory,
          }),
    plugins: files.flatMap((file) =>
      (file.config.plugins ?? []).map((specifier, index) => ({
        specifier,
        baseDirectory: file.directory,
        configFile: file.filePath,
        index,
      })),
    ),
    configFiles: files.map((file) => file.filePath),
  };
}

function parseArgsVariable(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  throw new ConfigError({
    filePath: 'environment variable AGENTBRIDGE_ARGS',
    issues: [
      { path: '', message: 'must be a JSON array of strings, e.g. AGENTBRIDGE_ARGS=\'["--acp"]\'' },
    ],
  });
}

function pickSettings(config: BackendSettings): BackendSettings {
  const { command, args, authMethod, env, model, permissionMode, handshakeTimeoutMs } = config;
  return {
    ...optionalEntry('command', command),
    ...optionalEntry('args', args),
    ...optionalEntry('authMethod', authMethod),
    ...optionalEntry('env', env),
    ...optionalEntry('model', model),
    ...optionalEntry('permissionMode', permissionMode),
    ...optionalEntry('handshakeTimeoutMs', handshakeTimeoutMs),
  };
}

function lastDefined<Value>(values: readonly (Value | undefined)[]): Value | undefined {
  for (let index = values.length - 1; index >= 0; index -= 1) {
    if (values[index] !== undefined) return values[index];
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
