import { constants } from 'node:os';
import { UsageError } from '@agentbridge/core/contracts';
import { findExecutable } from '@agentbridge/host-node';
import { spawn } from 'cross-spawn';
import type { CliContext } from '../cli-context.js';
import type { RunSetup } from './run-setup.js';

/** `agentbridge login <backend>`: the backend's `hints.login` on this terminal, no shell; its code. */
export async function runLogin(context: CliContext, setup: RunSetup): Promise<number> {
  const [backendId, ...extra] = setup.commandLine.subcommand?.args ?? [];
  if (backendId === undefined || extra.length > 0) {
    const ids = [...setup.catalog.backends.keys()].join(', ');
    throw new UsageError(
      `agentbridge: error: usage: agentbridge login <backend>  (backends: ${ids})`,
      {
        exitCode: 2,
      },
    );
  }
  const { manifest } = setup.catalog.get(backendId);
  const { login, loginNote, install: installHint } = manifest.hints;
  if (!login) {
    const note = loginNote ? ` ${loginNote}` : '';
    const message = `agentbridge: error: backend '${backendId}' has no sign-in command.${note}`;
    throw new UsageError(message, { exitCode: 2 });
  }
  const { extraDirectories } = manifest.probe;
  const lookup = { ...context, extraDirectories, installHint };
  const { path } = findExecutable({ ...lookup, name: login.command });
  context.stderr.write(`agentbridge: running ${[login.command, ...login.args].join(' ')}\n`);
  if (loginNote) context.stderr.write(`agentbridge: ${loginNote}\n`);
  return await new Promise<number>((resolve, reject) => {
    // cross-spawn starts Windows npm shims without a shell, quoting safely (CVE-2024-27980).
    const child = spawn(path, login.args, { cwd: context.cwd, env: context.env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)),
    );
  });
}
