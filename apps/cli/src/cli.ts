import { tokenizeArgv } from './argv/tokenize-argv.js';
import type { BackendCatalog } from './backends/create-container.js';
import type { CliContext } from './cli-context.js';
import { cliVersion } from './cli-context.js';
import type { ConfigFile } from './config/load-config.js';
import type { ResolvedSettings } from './config/resolve-settings.js';
import { createStderrLogger } from './ui/create-stderr-logger.js';

/** Configuration, settings and backends of one invocation. */
export type RunSetup = {
  readonly configFiles: readonly ConfigFile[];
  readonly settings: ResolvedSettings;
  readonly catalog: BackendCatalog;
};

/**
 * Runs one invocation and resolves with the exit code; errors are thrown (`main.ts` maps them).
 * Everything past the tokenizer loads lazily: `--version` and `--help` load neither core (zod) nor
 * the config loader, and each command loads only what it uses.
 */
export async function runCli(context: CliContext): Promise<number> {
  // `--help` and `--version` win over every other argument, as with `claude`.
  const tokens = tokenizeArgv(context.argv);
  if (tokens.counts.has('help') || (context.argv.length === 0 && context.stdinIsTerminal)) {
    const { helpText } = await import('./commands/help-text.js');
    context.stdout.write(helpText(cliVersion()));
    return 0;
  }
  if (tokens.counts.has('version')) {
    context.stdout.write(`${cliVersion()} (agentbridge)\n`);
    return 0;
  }
  const { parseCommandLine, printNeedsInput } = await import('./argv/parse-command-line.js');
  const commandLine = parseCommandLine(context.argv);
  const { subcommand, print, mode, prompt, own, model, permissionMode } = commandLine;
  // Print mode reads its prompt from stdin, which on a terminal would wait forever: fail before
  // any configuration is read, as `claude -p` does.
  if (!subcommand && print && mode === 'print' && prompt === undefined && context.stdinIsTerminal) {
    const { UsageError } = await import('@agentbridge/core/contracts');
    throw new UsageError(printNeedsInput);
  }
  // `--debug-to-stderr` is `claude`'s spelling of `--debug`: our logs always go to stderr.
  const debug = commandLine.debug || commandLine.debugToStderr;
  const level = debug ? 'debug' : commandLine.verbose ? 'info' : 'warn';
  const logger = createStderrLogger({ level, write: (text) => context.stderr.write(text) });

  // `.agentrc` (global, then project or `--config`), the environment and the flags, the plugins.
  const [{ loadConfig }, { resolveSettings }, { loadPlugins }, { createContainer }] =
    await Promise.all([
      import('./config/load-config.js'),
      import('./config/resolve-settings.js'),
      import('./plugins/load-plugins.js'),
      import('./backends/create-container.js'),
    ]);
  const explicitPath = own.config ?? (context.env.AGENTBRIDGE_CONFIG || undefined);
  const configFiles = await loadConfig({ ...context, explicitPath });
  for (const { filePath: file, scope, missingVariables } of configFiles) {
    for (const variable of missingVariables) {
      logger.warn('config references an unset variable', { file, variable });
    }
    logger.debug('config loaded', { file, scope });
  }
  const flags = { ...own, model, permissionMode };
  const settings = resolveSettings({ ...context, flags, files: configFiles });
  const catalog = await createContainer({ logger, plugins: await loadPlugins(settings.plugins) });
  const setup: RunSetup = { configFiles, settings, catalog };
  switch (subcommand?.name) {
    case 'backends':
      return (await import('./commands/run-backends.js')).runBackends(context, commandLine, setup);
    case 'login':
      return (await import('./commands/run-login.js')).runLogin(context, commandLine, setup);
    case 'doctor': {
      const { runDoctor } = await import('./commands/doctor/run-doctor.js');
      return runDoctor(context, commandLine, setup, logger);
    }
    default: {
      const { runAgent } = await import('./commands/run/run-agent.js');
      return runAgent(context, commandLine, setup, logger);
    }
  }
}
