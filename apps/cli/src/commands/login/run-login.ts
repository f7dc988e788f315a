import { spawn } from 'node:child_process';
import { UsageError } from '@agentbridge/core/contracts';
import { nodeFileSystem, resolveSpawnCommand } from '@agentbridge/host-node';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { CliContext } from '../../cli-context.js';
import { locateCommand } from '../../host/locate-command.js';
import type { RunSetup } from '../../resolve-run-setup.js';

/**
 * `agentbridge login <backend>`: runs the backend's sign-in command (`hints.login`) on this
 * terminal with inherited stdio and no shell, and exits with its exit code.
 */
export async function runLogin(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
): Promise<number> {
  const [backendId, ...extra] = commandLine.subcommand?.args ?? [];
  if (backendId === undefined || extra.length > 0) {
    throw new UsageError(
      `Usage: agentbridge login <backend>  (backends: ${[...setup.catalog.backends.keys()].join(', ')})`,
      { exitCode: 2 },
    );
  }
  const { manifest } = setup.catalog.get(backendId);
  const login = manifest.hints.login;
  if (!login) {
    const note = manifest.hints.loginNote ? ` ${manifest.hints.loginNote}` : '';
    throw new UsageError(`agentbridge: backend '${backendId}' has no sign-in command.${note}`, {
      exitCode: 2,
    });
  }
  const located = locateCommand({ command: login.command, manifest, context });
  if (!located.found) throw located.error;
  context.stderr.write(`agentbridge: running ${[login.command, ...login.args].join(' ')}\n`);
  if (manifest.hints.loginNote) context.stderr.write(`agentbridge: ${manifest.hints.loginNote}\n`);

  return await new Promise<number>((resolve, reject) => {
    // resolveSpawnCommand starts Windows npm shims without a shell (CVE-2024-27980).
    const spawnCommand = resolveSpawnCommand({
      executablePath: located.path,
      args: login.args,
      platform: context.platform,
      fileSystem: nodeFileSystem,
      env: context.env,
    });
    const child = spawn(spawnCommand.command, [...spawnCommand.args], {
      cwd: context.cwd,
      env: { ...context.env },
      stdio: 'inherit',
      shell: false,
      windowsVerbatimArguments: spawnCommand.windowsVerbatimArguments,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)),
    );
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = {
    SIGINT: 2,
    SIGTERM: 15,
    SIGKILL: 9,
    SIGHUP: 1,
  };
  return numbers[signal] ?? 1;
}
