import { resolve } from 'node:path';
import type { BackendManifest } from '@agentbridge/core/contracts';
import { ConfigError } from '@agentbridge/core/contracts';
import { resolveStateDirectory } from '@agentbridge/host-node';
import type { CommandLine } from '../argv/parse-command-line.js';
import type { BackendSettings } from './agent-config-schema.js';
import type { ConfigFile } from './load-config.js';

/** A plugin named in a config file, with the directory it is resolved from. */
export type PluginReference = {
  readonly specifier: string;
  readonly baseDirectory: string;
  readonly configFile: string;
  /** Position in that file's `plugins` list, for error messages (`plugins[1]`). */
  readonly index: number;
};

/** Everything the run path needs to know, merged: flags > env > project > global > defaults. */
export type ResolvedSettings = ReturnType<typeof resolveSettings>;

type SettingsLayer = Omit<BackendSettings, 'args'> & { readonly args?: readonly string[] };

/** Inputs of {@link resolveSettings}: the flags that take part, the environment, the files. */
type ResolveSettingsOptions = {
  readonly flags: Partial<CommandLine['own'] & Pick<CommandLine, 'model' | 'permissionMode'>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly files: readonly ConfigFile[];
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
};

/**
 * Merges the configuration layers. Within a file, `backends.<id>` overrides its top-level keys; a
 * higher layer overrides a lower one key by key; `env` maps are merged. `AGENTBRIDGE_ARGS` must be
 * a JSON array of strings (a `ConfigError` names the variable otherwise).
 */
export function resolveSettings(options: ResolveSettingsOptions) {
  const { env, files, flags } = options;
  const backendId =
    flags.backend ??
    (env.AGENTBRIDGE_BACKEND || undefined) ??
    lastDefined(files.map((file) => file.config.backend));
  const layers: SettingsLayer[] = files.flatMap((file) =>
    [file.config, backendId ? file.config.backends?.[backendId] : undefined].flatMap((layer) =>
      layer ? [withFileCommand(layer, file)] : [],
    ),
  );
  layers.push({ command: env.AGENTBRIDGE_COMMAND || undefined, args: parseArgsVariable(env) });
  layers.push({ ...flags, command: flags.agentCommand, args: flags.agentArgs });
  const pick = <Key extends keyof SettingsLayer>(key: Key): SettingsLayer[Key] =>
    lastDefined(layers.map((layer) => layer[key]));
  const command = pick('command');
  const stateFile = files.findLast((file) => file.config.stateDir);
  return {
    /** The chosen backend id, or undefined when nothing chose one. */
    backendId,
    /** A command replacing the backend's default (then `args` replaces its default arguments). */
    command,
    /** Arguments replacing the backend's defaults; `[]` when a command was given alone (B-13). */
    args: pick('args') ?? (command !== undefined ? [] : undefined),
    authMethod: pick('authMethod'),
    /** Extra variables for the agent's environment (merged over every layer). */
    env: Object.assign({}, ...layers.map((layer) => layer.env ?? {})) as Record<string, string>,
    model: pick('model'),
    /** As written (`manual` included): the bridge maps it onto the agent's modes. */
    permissionMode: pick('permissionMode'),
    handshakeTimeoutMs: pick('handshakeTimeoutMs'),
    /** `AGENTBRIDGE_STATE_DIR`, else `stateDir` (relative to its file), else the XDG state dir. */
    stateDirectory:
      stateFile?.config.stateDir && !env.AGENTBRIDGE_STATE_DIR
        ? resolve(stateFile.directory, stateFile.config.stateDir)
        : resolveStateDirectory(options),
    plugins: files.flatMap((file) =>
      (file.config.plugins ?? []).map((specifier, index) => ({
        specifier,
        baseDirectory: file.directory,
        configFile: file.filePath,
        index,
      })),
    ),
    /** The files that contributed, lowest precedence first. */
    configFiles: files.map((file) => file.filePath),
  };
}

/** A backend's command and arguments as configured; undefined: the manifest's defaults. */
export type LaunchSettings = { readonly command?: string; readonly args?: readonly string[] };

/**
 * What the configuration says about launching `manifest`: the merged settings for the selected
 * backend; for any other, its `backends.<id>` entry in the config files, if any.
 */
export function launchSettingsFor(
  manifest: BackendManifest,
  settings: ResolvedSettings,
  configFiles: readonly ConfigFile[],
): LaunchSettings {
  if (manifest.id === settings.backendId) return { command: settings.command, args: settings.args };
  const file = configFiles.findLast((candidate) => {
    const entry = candidate.config.backends?.[manifest.id];
    return entry?.command !== undefined || entry?.args !== undefined;
  });
  const entry = file && withFileCommand(file.config.backends?.[manifest.id] ?? {}, file);
  return entry ? { command: entry.command, args: entry.args ?? [] } : {};
}

/** A `./relative` command in a file is relative to that file's directory, not to the cwd. */
function withFileCommand(layer: BackendSettings, file: ConfigFile): BackendSettings {
  const { command } = layer;
  if (command === undefined || !/^\.\.?[\\/]/.test(command)) return layer;
  return { ...layer, command: resolve(file.directory, command) };
}

function parseArgsVariable(env: ResolveSettingsOptions['env']): string[] | undefined {
  const value = env.AGENTBRIDGE_ARGS;
  if (value === undefined || value.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // reported below
  }
  throw new ConfigError({
    filePath: 'environment variable AGENTBRIDGE_ARGS',
    issues: [
      { path: '', message: 'must be a JSON array of strings, e.g. AGENTBRIDGE_ARGS=\'["--acp"]\'' },
    ],
  });
}

function lastDefined<Value>(values: readonly (Value | undefined)[]): Value | undefined {
  return values.findLast((value) => value !== undefined);
}
