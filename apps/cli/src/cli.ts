import { type CliContext, claudeCodeProtocolVersion, cliVersion } from './cli-context.js';
import type { RunSetup } from './commands/run-setup.js';
import { createStderrLogger } from './ui/create-stderr-logger.js';

/**
 * Runs one invocation, resolves with the exit code and throws errors (`main.ts` maps them). What
 * follows the command line loads lazily, so `--version` and `--help` start fast.
 */
export async function runCli(context: CliContext): Promise<number> {
  // A lone `--version` or `--help` is what the parser would make of it, without loading it.
  const [only, ...rest] = context.argv;
  const alone = rest.length === 0 ? only : undefined;
  if (alone === '--version' || alone === '-v') return printVersion(context);
  if (alone === '--help' || alone === '-h') return printHelp(context);
  const { parseCommandLine, printNeedsInput, noInteractiveMode } = await import(
    './argv/parse-command-line.js'
  );
  // `--help` and `--version` win over every other argument, as with `claude`.
  const commandLine = parseCommandLine(context.argv);
  const { subcommand, print, mode, prompt, own, model, permissionMode } = commandLine;
  const bare = context.argv.length === 0 && context.stdinIsTerminal;
  if (commandLine.help || subcommand?.name === 'help' || bare) return printHelp(context);
  if (commandLine.version) return printVersion(context);
  // Print mode reads its prompt from stdin, which on a terminal would wait forever: fail before
  // any configuration is read, as `claude -p` does (without -p, `claude` would be interactive).
  if (!subcommand && mode === 'print' && prompt === undefined && context.stdinIsTerminal) {
    const { UsageError } = await import('@agentbridge/core/contracts');
    throw new UsageError(print ? printNeedsInput : noInteractiveMode);
  }
  const level = commandLine.debug ? 'debug' : commandLine.verbose ? 'info' : 'warn';
  const logger = createStderrLogger({ level, write: (text) => context.stderr.write(text) });

  const [{ loadConfig }, configuring, { loadPlugins }, { createContainer }] = await Promise.all([
    import('./config/load-config.js'),
    import('./config/resolve-settings.js'),
    import('./plugins/load-plugins.js'),
    import('./backends/create-container.js'),
  ]);
  const flags = { ...own, model, permissionMode };
  const configure = async () => {
    const explicitPath = own.config ?? (context.env.AGENTBRIDGE_CONFIG || undefined);
    const configFiles = await loadConfig({ ...context, explicitPath });
    for (const { filePath: file, scope, missingVariables } of configFiles) {
      for (const variable of missingVariables) {
        logger.warn('config references an unset variable', { file, variable });
      }
      logger.debug('config loaded', { file, scope });
    }
    const settings = configuring.resolveSettings({ ...context, flags, files: configFiles });
    // The bundle's one `import()` of the run path (the bin's code cache skips a file holding one).
    const plugins = await loadPlugins(settings.plugins, (url) => import(/* @vite-ignore */ url));
    const catalog = await createContainer({ logger, plugins });
    configuring.checkBackendKeys(settings, [...catalog.backends.keys()]);
    if (settings.backendId !== undefined) catalog.get(settings.backendId, settings.backendSource);
    return { commandLine, settings, catalog, logger };
  };
  let setup: RunSetup;
  try {
    setup = await configure();
  } catch (error) {
    // FT-10: diagnosing a broken configuration is the job of `doctor` and `backends`.
    if (subcommand?.name !== 'doctor' && subcommand?.name !== 'backends') throw error;
    const env = { ...context.env, AGENTBRIDGE_BACKEND: '', AGENTBRIDGE_ARGS: '' };
    const settings = configuring.resolveSettings({ ...context, env, flags: {}, files: [] });
    const configProblem = error instanceof Error ? error.message : String(error);
    const catalog = await createContainer({ logger });
    setup = { commandLine, settings, catalog, logger, configProblem };
  }
  switch (subcommand?.name) {
    case 'backends':
      return (await import('./commands/run-backends.js')).runBackends(context, setup);
    case 'login':
      return (await import('./commands/run-login.js')).runLogin(context, setup);
    case 'doctor':
      return (await import('./commands/doctor/run-doctor.js')).runDoctor(context, setup);
    default: {
      // The agent is spawned first: it boots while the rest of the run loads.
      const { launchAgent } = await import('./commands/run/launch-agent.js');
      const launched = await launchAgent(context, setup);
      return (await import('./commands/run/run-agent.js')).runAgent(context, setup, launched);
    }
  }
}

/**
 * The first token is the Claude Code version whose protocol agentbridge speaks: SDKs compare it
 * with their minimum (the Python SDK wants 2.0.0 or later). `doctor` and `--help` show ours.
 */
function printVersion(context: CliContext): number {
  context.stdout.write(`${claudeCodeProtocolVersion} (agentbridge ${cliVersion()})\n`);
  return 0;
}

async function printHelp(context: CliContext): Promise<number> {
  const { helpText } = await import('./commands/help-text.js');
  context.stdout.write(helpText(cliVersion()));
  return 0;
}
