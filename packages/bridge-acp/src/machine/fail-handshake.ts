import { emitControlError } from './client-messages.js';
import { finishTurn } from './finish-turn.js';
import type { MachineContext } from './machine-context.js';

/**
 * H-20: the handshake failed (any stage, the deadline, or the agent exited before it finished).
 * Answers pending client `initialize` requests with an error, ends the waiting turn (or writes a
 * lone result when none waits) with `stop_reason: "handshake_failed"`, and asks the host to
 * terminate the agent (gap fix: agents that ignore stdin EOF must still end).
 */
export function failHandshake(context: MachineContext, reason: string, agentAlive = true): void {
  const { state } = context;
  if (state.phase !== 'idle' && state.phase !== 'handshake') return;
  state.phase = agentAlive ? 'failed' : 'exited';
  state.replaying = false;
  context.log.error('ACP handshake failed', { reason });
  context.act({ type: 'cancel-timer', timerId: 'handshake' });
  context.rpc.failPending(reason);
  for (const requestId of state.pendingInitializeIds.splice(0)) {
    emitControlError(context, requestId, reason);
  }
  if (state.turn === undefined) {
    state.turn = {
      startedAt: state.createdAt,
      queue: [],
      promptInFlight: false,
      cancelRequested: false,
      abortedTools: false,
      promptCount: 0,
      lastStopReason: 'end_turn',
      denials: [],
    };
  }
  finishTurn(context, { kind: 'handshake-failed', reason });
  if (agentAlive) context.act({ type: 'terminate-agent', reason });
}
