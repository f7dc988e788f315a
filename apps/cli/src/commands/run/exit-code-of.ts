import type { RelayOutcome } from './run-stream-json.js';

/**
 * The CLI's exit code after a relay, as `claude`: 1 when the transport failed, when the agent
 * exited with a non-zero code (or was killed before the client ended its input), or when the last
 * turn ended with an error `result`; else 0. Failures of the process print the reason and the
 * agent's stderr tail on stderr (the Claude Agent SDK shows that tail in its error). A pass-through
 * `claude` keeps its own exit code.
 */
export function exitCodeOf(
  outcome: RelayOutcome,
  options: { readonly passThrough: boolean; readonly writeStderr: (text: string) => void },
): number {
  const { exit, inputEnded } = outcome;
  const tail = exit.stderrTail.trim() ? `\n${exit.stderrTail.trimEnd()}` : '';
  if (exit.error) {
    options.writeStderr(`agentbridge: ${exit.error.message}${tail}\n`);
    return 1;
  }
  if (options.passThrough) return exit.code ?? 1;
  const crashed = (exit.code !== null && exit.code !== 0) || (exit.signal !== null && !inputEnded);
  if (crashed) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    options.writeStderr(`agentbridge: the agent ${how}${tail}\n`);
    return 1;
  }
  return outcome.lastResultIsError ? 1 : 0;
}
