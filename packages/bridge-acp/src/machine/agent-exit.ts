import type { AgentExit } from '../acp-bridge.js';
import { buildControlCancelRequest } from '../north/client-lines.js';
import { failHandshake } from './fail-handshake.js';
import { finishTurn } from './finish-turn.js';
import type { MachineContext } from './machine-context.js';

/**
 * the agent process exited. Pending requests are dropped; pending permissions are withdrawn
 * from the client; a running turn ends with `process_exited`. An exit before the session was ready
 * fails the handshake (so a waiting `initialize` and turn are still answered).
 */
export function onAgentExit(context: MachineContext, exit: AgentExit): void {
  const { state } = context;
  context.log.info('agent exited', { code: exit.code, signal: exit.signal });
  if (state.phase === 'exited') return;
  if (state.phase === 'idle' || state.phase === 'handshake') {
    const how = exit.signal !== null ? `signal ${exit.signal}` : `code ${exit.code}`;
    failHandshake(
      context,
      `The agent process exited (${how}) before the ACP handshake finished.`,
      false,
    );
    return;
  }
  const wasReady = state.phase === 'ready';
  state.phase = 'exited';
  // The agent cannot be answered any more; the client's prompts are withdrawn.
  for (const permission of state.pendingPermissions.values()) {
    context.emit(buildControlCancelRequest(permission.requestId));
  }
  state.pendingPermissions.clear();
  if (wasReady && state.turn !== undefined) finishTurn(context, { kind: 'agent-exited' });
  else if (state.turn !== undefined) finishTurn(context, { kind: 'no-session' });
  // Requests still waiting (a client's set_model) are answered with the exit; prompt handlers
  // see their turn already settled.
  context.rpc.failPending('The agent process exited.');
}
