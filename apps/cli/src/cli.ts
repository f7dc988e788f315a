import type { Logger } from '@agentbridge/core/contracts';
import type { CommandLine } from './argv/parse-command-line.js';
import { tokenizeArgv } from './argv/tokenize-argv.js';
import type { BackendCatalog } from './backends/create-container.js';
import { type CliContext, cliVersion } from './cli-context.js';
import type { ResolvedSettings } from './config/resolve-settings.js';
import { createStderrLogger } from './ui/create-stderr-logger.js';

/** What every command gets: the command line, the settings, the backends and the logger. */
export type RunSetup = {
  readonly commandLine: CommandLine;
  readonly settings: ResolvedSettings;
  readonly catalog: BackendCatalog;
  readonly logger: Logger;
};

/**
 * Runs one invocation, resolves with the exit code and throws errors (`main.ts` maps them). What
 * follows the tokenizer loads lazily, so `--version` and `--help` start fast.
 */
export async function runCli(context: CliContext): Promise<number> {
  // `--help` and `--version` win over every other argument, as with `claude`.
  const tokens = tokenizeArgv(context.argv);
  if (tokens.flags.has('help') || (context.argv.length === 0 && context.stdinIsTerminal)) {
    const { helpText } = await import('./commands/help-text.js');
    context.stdout.write(helpText(cliVersion()));
    return 0;
  }
  if (tokens.flags.has('version')) {
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
  const level = commandLine.debug ? 'debug' : commandLine.verbose ? 'info' : 'warn';
  const logger = createStderrLogger({ level, write: (text) => context.stderr.write(text) });

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
  const setup: RunSetup = { commandLine, settings, catalog, logger };
  switch (subcommand?.name) {
    case 'backends':
      return (await import('./commands/run-backends.js')).runBackends(context, setup);
    case 'login':
      return (await import('./commands/run-login.js')).runLogin(context, setup);
    case 'doctor':
      return (await import('./commands/doctor/run-doctor.js')).runDoctor(context, setup);
    default:
      return (await import('./commands/run/run-agent.js')).runAgent(context, setup);
  }
}
