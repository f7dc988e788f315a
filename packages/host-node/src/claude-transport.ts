import type { Transport } from '@agentbridge/core/contracts';
import { createProcessTransport, type ProcessTransportOptions } from './process-transport.js';

/**
 * A pass-through to a real `claude`: client lines to its stdin, its stdout lines as `client-line`
 * events. Its `env` keeps the Claude client variables (`keepClaudeClientVariables`): it reads them.
 */
export function createClaudeTransport(options: ProcessTransportOptions): Transport {
  return createProcessTransport(options, ({ agent, emit }) => ({
    onClientLine: (line) => agent.writeLine(line),
    onClientEnd: () => agent.endInput(),
    onAgentLine: (line) => emit({ type: 'client-line', line }),
    onAgentExit: () => {},
  }));
}
