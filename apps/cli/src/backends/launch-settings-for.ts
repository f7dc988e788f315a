import type { BackendManifest } from '@agentbridge/core/contracts';
import type { ConfigFile } from '../config/load-config.js';
import { resolveConfigCommand } from '../config/resolve-config-command.js';
import type { ResolvedSettings } from '../config/resolve-settings.js';

/** The command and arguments a backend would be launched with. */
export type LaunchSettings = {
  readonly command: string;
  /** Undefined: the manifest's defaults (possibly chosen by the installed version). */
  readonly args?: readonly string[];
};

/**
 * The launch command of `manifest`: for the selected backend, the merged settings (flags, env,
 * files); for any other backend, its `backends.<id>` entry in the config files, else the manifest.
 */
export function launchSettingsFor(
  manifest: BackendManifest,
  settings: ResolvedSettings,
  configFiles: readonly ConfigFile[],
): LaunchSettings {
  if (manifest.id === settings.backendId) {
    return {
      command: settings.command ?? manifest.launch.command,
      ...(settings.args === undefined ? {} : { args: settings.args }),
    };
  }
  const file = [...configFiles].reverse().find((candidate) => {
    const entry = candidate.config.backends?.[manifest.id];
    return entry?.command !== undefined || entry?.args !== undefined;
  });
  const entry = file?.config.backends?.[manifest.id];
  if (!file || !entry) return { command: manifest.launch.command };
  return {
    command:
      entry.command === undefined
        ? manifest.launch.command
        : resolveConfigCommand(entry.command, file.directory),
    args: entry.args ?? [],
  };
}
