import type { AgentExit, AgentFault } from '../acp-bridge.js';
import { buildControlCancelRequest } from '../north/client-lines.js';
import type { MachineContext } from './bridge-state.js';
import { closedPhase } from './bridge-state.js';
import { failHandshake } from './handshake.js';
import { finishTurn } from './turn.js';

/** The longest stderr tail quoted in an error text (its end is kept). */
const maxQuotedStderrCharacters = 1500;

/** X-01, H-20: what the client reads when the agent dies: the exit and the agent's stderr tail. */
function agentExitTexts(exit: AgentExit): { midTurn: string; duringHandshake: string } {
  const status = exit.signal !== null ? `signal ${exit.signal}` : `code ${exit.code}`;
  const tail = exit.stderrTail?.trim() ?? '';
  const quoted =
    tail.length > maxQuotedStderrCharacters ? `…${tail.slice(-maxQuotedStderrCharacters)}` : tail;
  const suffix = quoted === '' ? '' : ` stderr: ${quoted}`;
  return {
    midTurn: `The agent process exited mid-turn (${status}).${suffix}`,
    duringHandshake: `The agent process exited (${status}) before the ACP handshake finished.${suffix}`,
  };
}

/**
 * the agent process exited. A running turn ends `process_exited`, pending prompts are
 * withdrawn from the client, requests still waiting (a `set_model`) are answered with the exit. An
 * exit before the session was ready fails the handshake, unless the bridge itself asked for the
 * stop (the client was done), which is a normal end.
 */
export function onAgentExit(context: MachineContext, exit: AgentExit): void {
  const { state } = context;
  const { phase } = state;
  context.log.info('agent exited', { code: exit.code, signal: exit.signal });
  const done = state.client.input === 'done' && state.turn === undefined;
  if ((phase.name === 'idle' || phase.name === 'handshake') && !done) {
    failHandshake(context, agentExitTexts(exit).duringHandshake, false);
    return;
  }
  if (phase.name === 'handshake') context.emit({ type: 'cancel-timer', timerId: 'handshake' });
  const turn = state.turn;
  if (turn !== undefined) {
    // The agent cannot be answered any more; the client's prompts are withdrawn.
    for (const permission of turn.permissions.values())
      context.send(buildControlCancelRequest(permission.requestId));
    turn.permissions.clear();
    finishTurn(
      context,
      phase.name === 'ready'
        ? { kind: 'agent-exited', reason: agentExitTexts(exit).midTurn }
        : { kind: 'no-session' },
    );
  }
  state.phase = closedPhase(state);
  context.rpc.failPending('The agent process exited.');
}

/**
 * The host saw a fault the protocol does not report (an over-long stdout line, a fatal stderr
 * line). With a prompt in flight the turn ends now as R-03 does; its late answer is ignored. A
 * `fatal-stderr` fault also sends `session/cancel` first. Outside a prompt it is only logged.
 */
export function onAgentFault(context: MachineContext, fault: AgentFault): void {
  const { phase, turn } = context.state;
  if (phase.name !== 'ready' || turn === undefined || turn.prompt === 'waiting') {
    context.log.warn('agent fault outside a prompt', { kind: fault.kind, message: fault.message });
    return;
  }
  context.log.warn('agent fault ends the turn', { kind: fault.kind, message: fault.message });
  if (fault.kind === 'fatal-stderr' && turn.prompt === 'sent')
    context.rpc.notify('session/cancel', { sessionId: phase.session.id });
  turn.prompt = 'waiting';
  finishTurn(context, { kind: 'prompt-error', errorText: fault.message });
}
