import type { Transport } from '@agentbridge/core/contracts';
import { createProcessTransport, type ProcessTransportOptions } from './process-transport.js';

/**
 * A pass-through to a real `claude`: the client's lines go to its stdin unchanged, its stdout
 * lines come back as `client-line` events, its stderr as `agent-output` events. Build its `env`
 * with `keepClaudeClientVariables: true`: unlike an ACP agent, `claude` reads them.
 */
export function createClaudeTransport(options: ProcessTransportOptions): Transport {
  return createProcessTransport(options, ({ agent, emit }) => ({
    onClientLine: (line) => agent.writeLine(line),
    onClientEnd: () => agent.endInput(),
    onAgentLine: (line) => emit({ type: 'client-line', line }),
    onAgentExit: () => {},
  }));
}
