import type { HostResult } from '@agentbridge/core/contracts';
import type { AcpBridge, AcpBridgeOptions } from './acp-bridge.js';
import { onAgentExit, onAgentFault, onHostStop, onTurnTimer } from './machine/agent-exit.js';
import { createAgentIntake } from './machine/agent-intake.js';
import { logFailure, type MachineContext } from './machine/bridge-state.js';
import { onClientEnd, onClientLine } from './machine/client-intake.js';
import { createMachineContext } from './machine/create-machine-context.js';
import { onHandshakeTimer } from './machine/fail-handshake.js';
import { onStallTimer } from './machine/stall-watchdog.js';
import { onMcpTimer } from './mcp/mcp-control.js';
import { onMcpMessage } from './mcp/on-mcp-message.js';

/**
 * Creates the pure translator between one stream-json client and one ACP agent. Every method
 * returns synchronously, never throws (a failure inside is logged) and performs no I/O: all
 * outputs go to `emit`. Without `now` the time stands still at 0; without `newId` ids count up.
 *
 * ```ts
 * const bridge = createAcpBridge({ launch: { cwd }, emit: (event) => host.handle(event) });
 * bridge.onClientLine('{"type":"user","message":{"role":"user","content":"hi"}}');
 * ```
 */
export function createAcpBridge(options: AcpBridgeOptions): AcpBridge {
  return bridgeOver(createMachineContext(options));
}

/** The bridge's inputs, each running the machine's handler on `context` behind a guard (F-03). */
export function bridgeOver(context: MachineContext): AcpBridge {
  const guard =
    <Input>(what: string, handler: (context: MachineContext, input: Input) => void) =>
    (input: Input): void => {
      try {
        handler(context, input);
      } catch (error) {
        logFailure(context, what, error);
      }
    };
  const clientEnd = guard('client end', onClientEnd);
  const stop = guard('stop', onHostStop);
  const hostResult = guard(
    'host result',
    (hostContext, { operationId, result }: { operationId: string; result: HostResult }) => {
      if (!hostContext.host.settle(operationId, result))
        hostContext.log.warn('host result for an unknown operation ignored', { operationId });
    },
  );
  return {
    onClientLine: guard('client line', onClientLine),
    onClientEnd: () => clientEnd(undefined),
    onAgentLine: createAgentIntake(context),
    onAgentExit: guard('agent exit', onAgentExit),
    onAgentFault: guard('agent fault', onAgentFault),
    onHostResult: (operationId, result) => hostResult({ operationId, result }),
    onMcpMessage: guard('mcp message', onMcpMessage),
    onStop: () => stop(undefined),
    onTimer: guard('timer', (timerContext: MachineContext, timerId: string) => {
      if (timerContext.clientRequests.onTimer(timerId) || onMcpTimer(timerContext, timerId)) return;
      onTurnTimer(timerContext, timerId);
      onStallTimer(timerContext, timerId);
      onHandshakeTimer(timerContext, timerId);
    }),
  };
}
