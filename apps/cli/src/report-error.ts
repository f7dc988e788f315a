import { AgentError } from '@agentbridge/core/contracts';

/** Codes of errors the user can fix (a message is enough; exit code 2). */
const userFixableCodes: ReadonlySet<string> = new Set([
  'config-invalid',
  'backend-not-found',
  'backend-invalid',
  'executable-not-found',
]);

/** Codes of runtime failures that are not bugs (message only; exit code 1). */
const runtimeFailureCodes: ReadonlySet<string> = new Set([
  'handshake-failed',
  'timeout',
  'protocol',
  'transport-closed',
  'line-too-long',
]);

/**
 * Turns any error that reached the top into stderr text and an exit code:
 * `ExitError` → its code, quietly; `UsageError` → its message and its code (1, as `claude`);
 * configuration, backend and executable errors → the message, 2; agent failures → the message, 1;
 * anything else → the stack and a request to report it, 1.
 */
export function reportError(error: unknown, writeStderr: (text: string) => void): number {
  if (AgentError.isInstance(error)) {
    if (error.code === 'exit') {
      return numberField(error, 'exitCode') ?? 1;
    }
    if (error.code === 'usage') {
      writeStderr(`${error.message}\n`);
      return numberField(error, 'exitCode') ?? 1;
    }
    if (userFixableCodes.has(error.code)) {
      writeStderr(`agentbridge: ${error.message}\n`);
      return 2;
    }
    if (runtimeFailureCodes.has(error.code)) {
      writeStderr(`agentbridge: ${error.message}\n`);
      return 1;
    }
  }
  const stack =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  writeStderr(
    `agentbridge: unexpected error (a bug in agentbridge)\n${stack}\n` +
      'Please report it with this output and `agentbridge doctor --json` at the agentbridge issue tracker.\n',
  );
  return 1;
}

function numberField(error: AgentError, field: string): number | undefined {
  const value = (error as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}
