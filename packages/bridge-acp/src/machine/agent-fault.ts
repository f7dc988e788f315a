import type { AgentFault } from '../acp-bridge.js';
import { finishTurn } from './finish-turn.js';
import type { MachineContext } from './machine-context.js';

/**
 * The host saw an agent fault the protocol does not report (an over-long stdout line it dropped,
 * or a stderr line matching `quirks.fatalStderrPatterns`). With a prompt in flight the turn ends
 * now as R-03 does (the open message flushed, open tool calls given their synthetic results, an
 * `error_during_execution` result carrying the fault's message); the prompt's answer, if it still
 * comes, finds its turn settled and is ignored. A `fatal-stderr` fault also sends `session/cancel`
 * first, so the agent stops working on a turn nobody waits for. Outside a prompt the fault is only
 * logged.
 */
export function onAgentFault(context: MachineContext, fault: AgentFault): void {
  const { state } = context;
  const turn = state.turn;
  if (state.phase !== 'ready' || turn === undefined || !turn.promptInFlight) {
    context.log.warn('agent fault outside a prompt', { kind: fault.kind, message: fault.message });
    return;
  }
  context.log.warn('agent fault ends the turn', { kind: fault.kind, message: fault.message });
  turn.promptInFlight = false;
  const sessionId = state.sessionId;
  if (fault.kind === 'fatal-stderr' && sessionId !== undefined && !turn.cancelRequested) {
    turn.cancelRequested = true;
    context.rpc.notify('session/cancel', { sessionId });
  }
  finishTurn(context, { kind: 'prompt-error', errorText: fault.message });
}
