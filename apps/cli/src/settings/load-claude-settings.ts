import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError, isRecord, UsageError } from '@agentbridge/core/contracts';
import { locateJsonError } from '../config/locate-json-error.js';
import {
  type MergedClaudeSettings,
  mergeClaudeSettings,
  type SettingsLayer,
  type SettingsLayerSource,
} from './merge-claude-settings.js';
import { type SettingSource, settingSourceNames } from './setting-sources.js';

type Environment = Readonly<Record<string, string | undefined>>;

/** What {@link loadClaudeSettings} reads. */
export type ClaudeSettingsOptions = {
  readonly cwd: string;
  readonly homeDirectory: string;
  readonly env: Environment;
  readonly platform: NodeJS.Platform;
  /** `--setting-sources` / the SDK's `settingSources`; undefined: every source. */
  readonly sources?: readonly SettingSource[] | undefined;
  /** `--settings`: a JSON object, or the path of a file (relative to `cwd`). */
  readonly flagSettings?: string | undefined;
  /** Default: the platform's (`/etc/claude-code` on Linux), as Claude Code reads it. */
  readonly managedDirectory?: string;
};

const managedDirectories: Partial<Record<NodeJS.Platform, string>> = {
  darwin: '/Library/Application Support/ClaudeCode',
  win32: 'C:\\Program Files\\ClaudeCode',
};

/**
 * SE-01..SE-03: Claude Code's settings as it reads them: the user's file (`$CLAUDE_CONFIG_DIR`,
 * else `~/.claude/settings.json`), the project's `.claude/settings.json`, the local
 * `.claude/settings.local.json` (those three as `sources` allow), then `--settings`, then the
 * managed files (`managed-settings.json`, then `managed-settings.d/*.json`), merged in that order.
 * In a workspace Claude Code's `.claude.json` does not record as trusted, the project file's (and
 * a git-tracked local file's) `permissions.allow` and `additionalDirectories` are dropped, each
 * drop told in `diagnostics`. zod is loaded only when a file exists.
 */
export async function loadClaudeSettings(
  options: ClaudeSettingsOptions,
): Promise<{ settings: MergedClaudeSettings; diagnostics: string[] }> {
  const { cwd, env, sources = settingSourceNames } = options;
  const configDirectory = env.CLAUDE_CONFIG_DIR || join(options.homeDirectory, '.claude');
  const managed =
    options.managedDirectory ?? managedDirectories[options.platform] ?? '/etc/claude-code';
  const dropIns = join(managed, 'managed-settings.d');
  const places: [SettingsLayerSource, string][] = [
    ['user', join(configDirectory, 'settings.json')],
    ['project', join(cwd, '.claude', 'settings.json')],
    ['local', join(cwd, '.claude', 'settings.local.json')],
  ];
  const found: [SettingsLayerSource, string, string][] = [];
  const read = (source: SettingsLayerSource, filePath: string) =>
    found.push([source, filePath, readFileSync(filePath, 'utf8')]);
  for (const [source, filePath] of places) {
    if (!(sources as readonly string[]).includes(source) || !existsSync(filePath)) continue;
    // In the home directory the project file is the user's file: read once.
    if (!found.some((entry) => entry[1] === filePath)) read(source, filePath);
  }
  const flag = options.flagSettings?.trim();
  if (flag?.startsWith('{')) found.push(['flag', '--settings', flag]);
  else if (flag) {
    const filePath = resolve(cwd, flag);
    if (!existsSync(filePath)) throw new UsageError(`Error: Settings file not found: ${filePath}`);
    read('flag', filePath);
  }
  if (existsSync(join(managed, 'managed-settings.json')))
    read('managed', join(managed, 'managed-settings.json'));
  if (existsSync(dropIns))
    for (const name of readdirSync(dropIns)
      .filter((entry) => entry.endsWith('.json'))
      .sort())
      read('managed', join(dropIns, name));
  if (found.length === 0) return { settings: mergeClaudeSettings([]), diagnostics: [] };

  const { validateClaudeSettings } = await import('./claude-settings-schema.js');
  const layers = found.map(([source, filePath, text]): SettingsLayer => {
    const settings = validateClaudeSettings(parseJson(text, filePath), filePath);
    return { source, filePath, settings };
  });
  const trust = applyTrust(layers, options, configDirectory);
  return { settings: mergeClaudeSettings(trust.layers), diagnostics: trust.diagnostics };
}

function parseJson(text: string, filePath: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { line, column, reason } = locateJsonError(text);
    const message = `${reason}. Fix the JSON syntax of this Claude Code settings file.`;
    throw new ConfigError({
      filePath: `${filePath}:${line}:${column}`,
      issues: [{ path: '', message }],
    });
  }
}

/**
 * SE-03: without a trust record the project layer's (and a git-tracked local layer's) allow rules
 * and extra directories are left out, and each kind dropped is told as Claude Code tells it.
 * Deny and ask rules, `env`, `model` and hooks apply regardless.
 */
function applyTrust(
  layers: readonly SettingsLayer[],
  options: ClaudeSettingsOptions,
  configDirectory: string,
) {
  const { cwd, env } = options;
  const gates = (layer: SettingsLayer) => {
    const { allow = [], additionalDirectories = [] } = layer.settings.permissions ?? {};
    if (allow.length + additionalDirectories.length === 0) return false;
    return (
      layer.source === 'project' || (layer.source === 'local' && gitTracks(cwd, layer.filePath))
    );
  };
  const gated = layers.filter(gates);
  const globalFile = env.CLAUDE_CONFIG_DIR
    ? join(configDirectory, '.claude.json')
    : join(options.homeDirectory, '.claude.json');
  if (gated.length === 0 || env.CLAUDE_CODE_SANDBOXED || trusted(cwd, globalFile))
    return { layers, diagnostics: [] };
  const names = gated.map((layer) => `.claude/${basename(layer.filePath)}`).join(' and ');
  const diagnostics = (['allow', 'additionalDirectories'] as const).flatMap((key) => {
    const count = gated.reduce(
      (sum, layer) => sum + (layer.settings.permissions?.[key]?.length ?? 0),
      0,
    );
    if (count === 0) return [];
    return [
      `Ignoring ${count} permissions.${key} ${count === 1 ? 'entry' : 'entries'} from ${names}: this workspace has not been trusted. Run Claude Code interactively here once and accept the trust dialog, or set projects[${JSON.stringify(cwd)}].hasTrustDialogAccepted: true in ${globalFile}.`,
    ];
  });
  const trimmed = layers.map((layer) => {
    if (!gated.includes(layer)) return layer;
    const permissions = { ...layer.settings.permissions, allow: [], additionalDirectories: [] };
    return { ...layer, settings: { ...layer.settings, permissions } };
  });
  return { layers: trimmed, diagnostics };
}

/** Claude Code's trust record: `projects[<cwd or a folder above it>].hasTrustDialogAccepted`. */
function trusted(cwd: string, globalFile: string): boolean {
  let projects: unknown;
  try {
    projects = (JSON.parse(readFileSync(globalFile, 'utf8')) as { projects?: unknown }).projects;
  } catch {
    return false;
  }
  if (!isRecord(projects)) return false;
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    const entry = projects[directory];
    if (isRecord(entry) && entry.hasTrustDialogAccepted === true) return true;
    if (dirname(directory) === directory) return false;
  }
}

/** Whether git tracks `filePath` (a committed local file came with the repository). */
function gitTracks(cwd: string, filePath: string): boolean {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', '--', filePath], { cwd, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
