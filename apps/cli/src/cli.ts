import type { CommandLine } from './argv/parse-command-line.js';
import { tokenizeArgv } from './argv/tokenize-argv.js';
import type { CliContext } from './cli-context.js';
import { cliVersion } from './cli-version.js';
import type { LogLevel } from './ui/create-stderr-logger.js';
import { createStderrLogger } from './ui/create-stderr-logger.js';

/**
 * Runs one invocation and resolves with the exit code. Throws for errors (`main.ts` maps them to
 * exit codes). Everything past the tokenizer is imported lazily: `--version` and `--help` load
 * neither `@agentbridge/core` (zod and its schemas) nor the config loader, and each command loads
 * only what it uses.
 */
export async function runCli(context: CliContext): Promise<number> {
  const writeStderr = (text: string) => {
    context.stderr.write(text);
  };
  if (context.argv.length === 0 && context.stdinIsTerminal) {
    const { helpText } = await import('./commands/help/help-text.js');
    context.stdout.write(helpText(cliVersion()));
    return 0;
  }
  // `--help` and `--version` win over every other argument, as with `claude`.
  const tokens = tokenizeArgv(context.argv);
  if (tokens.counts.has('help')) {
    const { helpText } = await import('./commands/help/help-text.js');
    context.stdout.write(helpText(cliVersion()));
    return 0;
  }
  if (tokens.counts.has('version')) {
    context.stdout.write(`${cliVersion()} (agentbridge)\n`);
    return 0;
  }
  const { parseCommandLine } = await import('./argv/parse-command-line.js');
  const commandLine = parseCommandLine(context.argv);
  // Print mode reads its prompt from stdin, which on a terminal would wait forever: fail first,
  // before any configuration is read, as `claude -p` does.
  if (
    commandLine.subcommand === undefined &&
    commandLine.print &&
    commandLine.mode === 'print' &&
    commandLine.prompt === undefined &&
    context.stdinIsTerminal
  ) {
    const { UsageError } = await import('@agentbridge/core');
    throw new UsageError(
      'Error: Input must be provided either through stdin or as a prompt argument when using --print',
    );
  }

  const logger = createStderrLogger({ level: logLevelOf(commandLine), write: writeStderr });
  // Loaded only now: config loading, zod and the container cost more than `--version` should.
  const { resolveRunSetup } = await import('./resolve-run-setup.js');
  const setup = await resolveRunSetup(context, commandLine, logger);

  switch (commandLine.subcommand?.name) {
    case 'backends': {
      const { runBackends } = await import('./commands/backends/run-backends.js');
      return runBackends(context, commandLine, setup);
    }
    case 'login': {
      const { runLogin } = await import('./commands/login/run-login.js');
      return runLogin(context, commandLine, setup);
    }
    case 'doctor': {
      const { runDoctor } = await import('./commands/doctor/run-doctor.js');
      return runDoctor(context, commandLine, setup, logger);
    }
    case undefined: {
      const { runAgent } = await import('./commands/run/run-agent.js');
      return runAgent(context, commandLine, setup, logger);
    }
  }
}

function logLevelOf(commandLine: CommandLine): LogLevel {
  // `--debug-to-stderr` is `claude`'s spelling of `--debug`: our logs always go to stderr.
  if (commandLine.debug || commandLine.debugToStderr) return 'debug';
  return commandLine.verbose ? 'info' : 'warn';
}
