import { finishTurn } from './finish-turn.js';
import type { MachineContext } from './machine-context.js';
import { withdrawPendingPermissions } from './pending-permissions.js';

/**
 * C-01 / PM-06: interrupts the running turn. Clears the prompt queue (PR-09); with a prompt in
 * flight, sends `session/cancel` **first**, then withdraws pending permissions (PM-07:
 * `control_cancel_request` to the client, `cancelled` to the agent). This reverses the seed's
 * order on purpose: ACP §8 has the client answer pending permission requests with `cancelled`
 * *after* `session/cancel`, and with the seed's order an agent was seen making one more model call
 * before it saw the cancel. The turn's `result` follows the prompt's answer. A turn still waiting
 * for the session ends at once. `acknowledge` runs after the withdrawals, before the rejected
 * tools' results (the real CLI's order). Idle: only `acknowledge`.
 */
export function interruptTurn(context: MachineContext, acknowledge?: () => void): void {
  const { state } = context;
  const turn = state.turn;
  if (turn === undefined) {
    acknowledge?.();
    return;
  }
  turn.queue.length = 0;
  if (!turn.promptInFlight) {
    acknowledge?.();
    finishTurn(context, { kind: 'cancelled', duringTools: false });
    return;
  }
  if (turn.cancelRequested) {
    acknowledge?.();
    return;
  }
  turn.cancelRequested = true;
  if (state.pendingPermissions.size > 0) turn.abortedTools = true;
  const sessionId = state.sessionId;
  if (sessionId !== undefined) context.rpc.notify('session/cancel', { sessionId });
  withdrawPendingPermissions(context, 'interrupt', acknowledge);
}
