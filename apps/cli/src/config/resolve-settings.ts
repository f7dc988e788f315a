import { resolve } from 'node:path';
import { type BackendManifest, ConfigError } from '@agentbridge/core/contracts';
import { resolveStateDirectory } from '@agentbridge/host-node';
import type { CommandLine } from '../argv/parse-command-line.js';
import type { BackendSettings } from './agent-config-schema.js';
import { closestMatch } from './closest-match.js';
import type { ConfigFile } from './load-config.js';

/** Everything the run path needs to know, merged: flags > env > project > global > defaults. */
export type ResolvedSettings = ReturnType<typeof resolveSettings>;
/** A plugin named in a config file; `index` is its place in the file's `plugins` (for errors). */
export type PluginReference = ResolvedSettings['plugins'][number];
/** A backend's command and arguments as configured; undefined: the manifest's defaults. */
export type LaunchSettings = { readonly command?: string; readonly args?: readonly string[] };

type Environment = Readonly<Record<string, string | undefined>>;
type SettingsLayer = Omit<BackendSettings, 'args'> & LaunchSettings;

/** Merges the layers: in a file `backends.<id>` over the top-level keys; `env` maps merged. */
export function resolveSettings(options: {
  readonly flags: Partial<CommandLine['own'] & Pick<CommandLine, 'model' | 'permissionMode'>>;
  readonly env: Environment;
  readonly files: readonly ConfigFile[];
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
}) {
  const { env, files, flags } = options;
  const backendFile = files.findLast((file) => file.config.backend);
  const [backendId, backendSource] =
    flags.backend !== undefined
      ? [flags.backend, '--backend']
      : env.AGENTBRIDGE_BACKEND
        ? [env.AGENTBRIDGE_BACKEND, 'AGENTBRIDGE_BACKEND']
        : [backendFile?.config.backend, backendFile?.filePath];
  // FT-10: a top-level command would run under any backend's name; only `acp` has none of its own.
  const commandFile = files.find((file) => file.config.command !== undefined);
  if (commandFile && backendId !== undefined && backendId !== 'acp') {
    const message = `a top-level command is for the acp backend only, but the backend is '${backendId}' (set by ${backendSource}): move it under backends.${backendId}.command, or choose backend: acp.`;
    throw new ConfigError({
      filePath: commandFile.filePath,
      issues: [{ path: 'command', message }],
    });
  }
  const layers: SettingsLayer[] = [
    ...files.flatMap((file) =>
      [file.config, backendId && file.config.backends?.[backendId]].flatMap((layer) =>
        layer ? [withFileCommand(layer, file)] : [],
      ),
    ),
    { command: env.AGENTBRIDGE_COMMAND || undefined, args: parseArgsVariable(env) },
    { ...flags, command: flags.agentCommand, args: flags.agentArgs },
  ];
  // Each key from the highest layer that sets it.
  const pick = <Key extends keyof SettingsLayer>(key: Key) =>
    layers.findLast((layer) => layer[key] !== undefined)?.[key];
  const command = pick('command');
  const stateFile = files.findLast((file) => file.config.stateDir);
  return {
    backendId,
    /** What chose the backend: `--backend`, `AGENTBRIDGE_BACKEND` or a config file. */
    backendSource,
    command,
    /** Arguments replacing the backend's defaults; `[]` when a command was given alone (B-13). */
    args: pick('args') ?? (command !== undefined ? [] : undefined),
    authMethod: pick('authMethod'),
    env: Object.assign({}, ...layers.map((layer) => layer.env)) as Record<string, string>,
    /** EV-03: every layer's `passEnv`, and `AGENTBRIDGE_PASS_ENV` (names split at commas). */
    passEnv: [
      ...new Set([
        ...layers.flatMap((layer) => layer.passEnv ?? []),
        ...(env.AGENTBRIDGE_PASS_ENV?.split(/[\s,]+/).filter(Boolean) ?? []),
      ]),
    ],
    model: pick('model'),
    /** As written (`manual` included): the bridge maps it onto the agent's modes. */
    permissionMode: pick('permissionMode'),
    handshakeTimeoutMs: pick('handshakeTimeoutMs'),
    cancelGraceMs: pick('cancelGraceMs'),
    stallTimeoutMs: pick('stallTimeoutMs'),
    maxReadBytes: pick('maxReadBytes'),
    maxOutputBytes: pick('maxOutputBytes'),
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
    configFiles: files,
  };
}

/** FT-10: every id under `backends:` of a config file names a registered backend. */
export function checkBackendKeys(settings: ResolvedSettings, ids: readonly string[]): void {
  for (const { filePath, config } of settings.configFiles) {
    const issues = Object.keys(config.backends ?? {}).flatMap((id) => {
      if (ids.includes(id)) return [];
      const near = closestMatch(id, ids);
      const hint = near ? `did you mean '${near}'? ` : '';
      const message = `no backend named '${id}': ${hint}Available: ${ids.join(', ')}.`;
      return [{ path: `backends.${id}`, message }];
    });
    if (issues.length > 0) throw new ConfigError({ filePath, issues });
  }
}

/** How to launch `manifest`: the settings of the selected backend, else its `backends.<id>`. */
export function launchSettingsFor(
  manifest: BackendManifest,
  settings: ResolvedSettings,
): LaunchSettings {
  if (manifest.id === settings.backendId) return { command: settings.command, args: settings.args };
  const file = settings.configFiles.findLast((candidate) => {
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

function parseArgsVariable(env: Environment): string[] | undefined {
  const value = env.AGENTBRIDGE_ARGS;
  if (value === undefined || value.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // reported below
  }
  const message = 'must be a JSON array of strings, e.g. AGENTBRIDGE_ARGS=\'["--acp"]\'';
  const filePath = 'environment variable AGENTBRIDGE_ARGS';
  throw new ConfigError({ filePath, issues: [{ path: '', message }] });
}
