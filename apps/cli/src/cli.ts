import type { CommandLine } from './argv/parse-command-line.js';
import { parseCommandLine } from './argv/parse-command-line.js';
import type { CliContext } from './cli-context.js';
import { cliVersion } from './cli-version.js';
import type { LogLevel } from './ui/create-stderr-logger.js';
import { createStderrLogger } from './ui/create-stderr-logger.js';

/**
 * Runs one invocation and resolves with the exit code. Throws for errors (`main.ts` maps them to
 * exit codes). Commands are imported lazily so `--version` and the hot stream-json path load
 * only what they use.
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
  const commandLine = parseCommandLine(context.argv);
  if (commandLine.help) {
    const { helpText } = await import('./commands/help/help-text.js');
    context.stdout.write(helpText(cliVersion()));
    return 0;
  }
  if (commandLine.version) {
    context.stdout.write(`${cliVersion()} (agentbridge)\n`);
    return 0;
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
  if (commandLine.debug) return 'debug';
  return commandLine.verbose ? 'info' : 'warn';
}
