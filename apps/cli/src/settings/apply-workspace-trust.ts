import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { SettingsLayer } from './merge-claude-settings.js';

/**
 * SE-03: without a trust record the project layer's (and a git-tracked local layer's) allow rules
 * and extra directories are left out, and each kind dropped is told as Claude Code tells it.
 * Deny and ask rules, `env`, `model` and hooks apply regardless.
 */
export function applyWorkspaceTrust(
  layers: readonly SettingsLayer[],
  options: {
    readonly cwd: string;
    readonly homeDirectory: string;
    readonly env: Readonly<Record<string, string | undefined>>;
    /** Where the user's settings are: `$CLAUDE_CONFIG_DIR` also holds `.claude.json`. */
    readonly configDirectory: string;
  },
) {
  const { cwd, env, configDirectory } = options;
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

/** Claude Code's global file, as far as trust goes: a project not in this shape is not trusted. */
const trustRecord = z
  .looseObject({
    projects: z.record(
      z.string(),
      z.looseObject({ hasTrustDialogAccepted: z.boolean().optional() }).catch(() => ({})),
    ),
  })
  .catch(() => ({ projects: {} }));

/** Claude Code's trust record: `projects[<cwd or a folder above it>].hasTrustDialogAccepted`. */
function trusted(cwd: string, globalFile: string): boolean {
  let projects: z.output<typeof trustRecord>['projects'];
  try {
    ({ projects } = trustRecord.parse(JSON.parse(readFileSync(globalFile, 'utf8'))));
  } catch {
    return false;
  }
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    if (projects[directory]?.hasTrustDialogAccepted === true) return true;
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
