import type { Logger } from '@agentbridge/core/contracts';
import type { CommandLine } from './argv/parse-command-line.js';
import type { BackendCatalog } from './backends/create-container.js';
import { createContainer } from './backends/create-container.js';
import type { CliContext } from './cli-context.js';
import type { ConfigFile } from './config/load-config.js';
import { loadConfig } from './config/load-config.js';
import type { ResolvedSettings } from './config/resolve-settings.js';
import { resolveSettings } from './config/resolve-settings.js';
import { loadPlugins } from './plugins/load-plugins.js';

/** Configuration, settings and backends of one invocation. */
export type RunSetup = {
  readonly configFiles: readonly ConfigFile[];
  readonly settings: ResolvedSettings;
  readonly catalog: BackendCatalog;
};

/**
 * Loads `.agentrc` (global, then project or `--config` / `AGENTBRIDGE_CONFIG`), merges it with the
 * environment and the flags, loads the plugins and builds the container. Unset `$VAR`s are warned
 * about once each.
 */
export async function resolveRunSetup(
  context: CliContext,
  commandLine: CommandLine,
  logger: Logger,
): Promise<RunSetup> {
  const explicitPath = commandLine.own.config ?? (context.env.AGENTBRIDGE_CONFIG || undefined);
  const configFiles = await loadConfig({
    cwd: context.cwd,
    env: context.env,
    homeDirectory: context.homeDirectory,
    ...(explicitPath === undefined ? {} : { explicitPath }),
  });
  for (const file of configFiles) {
    for (const name of file.missingVariables) {
      logger.warn('config references an unset variable', { file: file.filePath, variable: name });
    }
    logger.debug('config loaded', { file: file.filePath, scope: file.scope });
  }
  const settings = resolveSettings({
    flags: {
      ...commandLine.own,
      ...(commandLine.model === undefined ? {} : { model: commandLine.model }),
      ...(commandLine.permissionMode === undefined
        ? {}
        : { permissionMode: commandLine.permissionMode }),
    },
    env: context.env,
    files: configFiles,
    homeDirectory: context.homeDirectory,
    platform: context.platform,
  });
  const plugins = await loadPlugins(settings.plugins);
  const catalog = await createContainer({ logger, plugins });
  return { configFiles, settings, catalog };
}
