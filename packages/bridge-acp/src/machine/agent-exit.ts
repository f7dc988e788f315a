import type { AgentExit, AgentFault } from '../acp-bridge.js';
import { fireSessionEnd } from '../hooks/run-hooks.js';
import { agentMethods } from '../json-rpc/acp-methods.js';
import type { MachineContext } from './bridge-state.js';
import { closeSession } from './bridge-state.js';
import { emitWarning } from './client-output.js';
import { failHandshake } from './fail-handshake.js';
import {
  abandonedTimerId,
  abandonPrompt,
  cancelGraceMs,
  finishTurn,
  graceTimerId,
} from './finish-turn.js';
import { withdrawPendingPermissions } from './permission-denials.js';

// The agent gone, faulty or stuck: how each ends the turn, and what becomes of its prompt.

/** FT-06: the host stopped the agent for its user (a signal): the run was interrupted. */
const interruptedText = 'Interrupted: the agent was stopped before it was ready.';

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
  state.abandoned = undefined;
  const done = state.client.input === 'done' && state.turn === undefined;
  if ((phase.name === 'idle' || phase.name === 'handshake') && !done) {
    const reason = exit.stopped ? interruptedText : agentExitTexts(exit).duringHandshake;
    failHandshake(context, reason, false);
    return;
  }
  if (phase.name === 'handshake') context.emit({ type: 'cancel-timer', timerId: 'handshake' });
  const turn = state.turn;
  if (turn !== undefined) {
    const duringTools = turn.abortedTools || turn.permissions.size > 0;
    // The agent cannot be answered any more; the client's prompts are withdrawn.
    withdrawPendingPermissions(context, 'agent-exited');
    finishTurn(
      context,
      phase.name !== 'ready'
        ? { kind: 'no-session' }
        : exit.stopped
          ? { kind: 'cancelled', duringTools }
          : { kind: 'agent-exited', reason: agentExitTexts(exit).midTurn },
    );
  }
  if (state.client.input === 'open') fireSessionEnd(context);
  closeSession(context, 'The agent process exited.');
}

/**
 * A fault the protocol does not report. An over-long or malformed stdout line is dropped, said
 * in-band as a warning, and the turn goes on (GA-02). A fatal stderr line with a prompt in flight
 * ends the turn now as R-03 does, and the prompt is cancelled and abandoned (FT-02): neither its
 * late output nor its answer reaches a later turn. Outside a prompt it is only logged.
 */
export function onAgentFault(context: MachineContext, fault: AgentFault): void {
  const { phase, turn } = context.state;
  if (fault.kind !== 'fatal-stderr') {
    // GA-02: a dropped or malformed line is said in-band and the turn goes on.
    context.log.warn('agent line dropped', { kind: fault.kind, message: fault.message });
    if (phase.name === 'ready') emitWarning(context, fault.message);
    return;
  }
  if (phase.name !== 'ready' || turn === undefined || turn.prompt === 'waiting') {
    context.log.warn('agent fault outside a prompt', { kind: fault.kind, message: fault.message });
    return;
  }
  context.log.warn('agent fault ends the turn', { kind: fault.kind, message: fault.message });
  abandonPrompt(context, turn, { kind: 'prompt-error', errorText: fault.message });
}

/** GA-13: the host stops the agent now (the user's signal): a prompt in flight is cancelled. */
export function onHostStop(context: MachineContext): void {
  const { phase, turn } = context.state;
  if (phase.name !== 'ready' || turn?.prompt !== 'sent') return;
  context.rpc.notify(agentMethods.session_cancel, { sessionId: phase.session.id });
}

/**
 * FT-01, FT-03: the cancel grace ran out (the turn ends aborted without the agent's answer), or a
 * turn waited the grace for an abandoned prompt in vain: the agent is stuck, so that turn fails,
 * the session closes and the agent is stopped.
 */
export function onTurnTimer(context: MachineContext, timerId: string) {
  const { state } = context;
  const turn = state.turn;
  if (timerId === graceTimerId && turn?.prompt === 'cancelling') {
    context.log.warn('the agent did not answer the cancelled prompt in time; the turn ends');
    return abandonPrompt(context, turn, { kind: 'cancelled', duringTools: turn.abortedTools });
  }
  if (timerId !== abandonedTimerId || state.abandoned === undefined) return;
  if (turn === undefined) {
    // The turn that waited ended meanwhile (an interrupt): the next one waits anew.
    state.abandoned.waited = false;
    return;
  }
  const reason = `The agent did not finish its cancelled prompt within ${cancelGraceMs(context)} ms, so this message was not sent and the agent was stopped. Start again (--resume <session id> continues the session).`;
  state.abandoned = undefined;
  closeSession(context, reason);
  finishTurn(context, { kind: 'no-session', reason });
  if (state.client.input !== 'done') context.emit({ type: 'stop-agent', reason });
}
