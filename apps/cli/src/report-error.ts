import { AgentError } from '@agentbridge/core/contracts';

/** Errors the user can fix (exit 2), then runtime failures that are not bugs (exit 1). */
const userFixable = [
  'config-invalid',
  'backend-not-found',
  'backend-invalid',
  'executable-not-found',
];
const failures = ['handshake-failed', 'timeout', 'protocol', 'transport-closed', 'line-too-long'];

/** Writes an error that reached the top to stderr (a bug with its stack) and returns the exit code. */
export function reportError(error: unknown, writeStderr: (text: string) => void): number {
  if (AgentError.isInstance(error) && error.code === 'usage') {
    const { exitCode } = error as { exitCode?: unknown };
    writeStderr(`${error.message}\n`);
    return typeof exitCode === 'number' ? exitCode : 1;
  }
  if (AgentError.isInstance(error) && [...userFixable, ...failures].includes(error.code)) {
    writeStderr(`agentbridge: error: ${error.message}\n`);
    return userFixable.includes(error.code) ? 2 : 1;
  }
  const stack =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  writeStderr(
    `agentbridge: error: unexpected error (a bug in agentbridge)\n${stack}\n` +
      'Please report it with this output and `agentbridge doctor --json` at the agentbridge issue tracker.\n',
  );
  return 1;
}
