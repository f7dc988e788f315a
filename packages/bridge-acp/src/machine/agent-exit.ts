import type { AgentExit } from '../acp-bridge.js';
import { buildControlCancelRequest } from '../north/client-lines.js';
import { failHandshake } from './fail-handshake.js';
import { finishTurn } from './finish-turn.js';
import type { MachineContext } from './machine-context.js';

/** The longest stderr tail quoted in an error text (its end is kept). */
export const maxQuotedStderrCharacters = 1500;

/** `code 1` or `signal SIGKILL`. */
function exitStatusText(exit: AgentExit): string {
  return exit.signal !== null ? `signal ${exit.signal}` : `code ${exit.code}`;
}

/** ` stderr: <tail>` (trimmed, at most {@link maxQuotedStderrCharacters}), or `''` without one. */
function stderrSuffix(exit: AgentExit): string {
  const tail = exit.stderrTail?.trim() ?? '';
  if (tail === '') return '';
  const quoted =
    tail.length > maxQuotedStderrCharacters
      ? `…${tail.slice(tail.length - maxQuotedStderrCharacters)}`
      : tail;
  return ` stderr: ${quoted}`;
}

/**
 * The texts the client sees when the agent dies (X-01, H-20): the exit code or signal and the
 * agent's stderr tail (already redacted by the host), so an SDK error says why.
 */
export function agentExitTexts(exit: AgentExit): { midTurn: string; duringHandshake: string } {
  const status = exitStatusText(exit);
  const suffix = stderrSuffix(exit);
  return {
    midTurn: `The agent process exited mid-turn (${status}).${suffix}`,
    duringHandshake: `The agent process exited (${status}) before the ACP handshake finished.${suffix}`,
  };
}

/**
 * the agent process exited. Pending requests are dropped; pending permissions are withdrawn
 * from the client; a running turn ends with `process_exited`. An exit before the session was ready
 * fails the handshake (so a waiting `initialize` and turn are still answered), unless the bridge
 * itself asked for the stop (`client-done`: the input ended with nothing waiting), which is a
 * normal end.
 */
export function onAgentExit(context: MachineContext, exit: AgentExit): void {
  const { state } = context;
  context.log.info('agent exited', { code: exit.code, signal: exit.signal });
  if (state.phase === 'exited') return;
  if (
    state.clientDoneEmitted &&
    state.turn === undefined &&
    state.pendingInitializeIds.length === 0
  ) {
    // The bridge asked the host to stop the agent (the client's input ended with nothing left to
    // do): an expected end, not a failure, even when no session was open yet.
    if (state.phase === 'handshake') context.act({ type: 'cancel-timer', timerId: 'handshake' });
    state.phase = 'exited';
    context.rpc.failPending('The agent process exited.');
    return;
  }
  const texts = agentExitTexts(exit);
  if (state.phase === 'idle' || state.phase === 'handshake') {
    failHandshake(context, texts.duringHandshake, false);
    return;
  }
  const wasReady = state.phase === 'ready';
  state.phase = 'exited';
  // The agent cannot be answered any more; the client's prompts are withdrawn.
  for (const permission of state.pendingPermissions.values()) {
    context.emit(buildControlCancelRequest(permission.requestId));
  }
  state.pendingPermissions.clear();
  if (wasReady && state.turn !== undefined)
    finishTurn(context, { kind: 'agent-exited', reason: texts.midTurn });
  else if (state.turn !== undefined) finishTurn(context, { kind: 'no-session' });
  // Requests still waiting (a client's set_model) are answered with the exit; prompt handlers
  // see their turn already settled.
  context.rpc.failPending('The agent process exited.');
}
