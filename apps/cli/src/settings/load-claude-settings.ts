import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, UsageError } from '@agentbridge/core/contracts';
import { locateJsonError } from '../config/locate-json-error.js';
import { applyWorkspaceTrust } from './apply-workspace-trust.js';
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
  const trust = applyWorkspaceTrust(layers, { ...options, configDirectory });
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
