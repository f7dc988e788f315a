import type { LineTransport } from './line-transport.js';
import { createProcessTransport, type ProcessTransportOptions } from './process-transport.js';

/** Options of {@link createClaudeCliTransport}: the real `claude` and the client's argv. */
export type ClaudeCliTransportOptions = ProcessTransportOptions;

/**
 * A pass-through to a real `claude`: spawns it with the client's arguments and relays lines both
 * ways unchanged (stdout lines to the client, client lines to its stdin). Its stderr is reported as
 * `agent-output` events. Build its `env` with `keepClaudeClientVariables: true`: unlike an ACP
 * agent, `claude` reads the variables its client set.
 *
 * @example
 * const transport = createClaudeCliTransport({ command: found.path, args: process.argv.slice(2), env });
 * transport.onClientLine((line) => process.stdout.write(`${line}\n`));
 * await transport.start();
 */
export function createClaudeCliTransport(options: ClaudeCliTransportOptions): LineTransport {
  return createProcessTransport(options, {
    create(context) {
      return {
        onClientLine: context.toAgent,
        onClientEnd: () => context.endAgentInput(),
        onAgentLine: context.toClient,
        onAgentExit() {},
        dispose() {},
      };
    },
  });
}
