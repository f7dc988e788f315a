import type { MachineContext, Phase } from './bridge-state.js';
import { closeSession } from './bridge-state.js';
import { emitControlError } from './client-output.js';
import { finishTurn } from './finish-turn.js';
import { newTurn } from './turn.js';

/** The handshake phase of the state. */
export type Handshake = Extract<Phase, { name: 'handshake' }>;

/** The handshake deadline's timer, and the timer of a load's replay tail (S-06). */
export const handshakeTimerId = 'handshake';
const replayTimerId = 'load-replay';
/** Default handshake deadline (a browser sign-in may happen inside it). */
const defaultHandshakeTimeoutMs = 120_000;

/** How long the handshake may take: the launch's, else the backend's, else the default. */
export function handshakeTimeoutMs(context: MachineContext): number {
  return (
    context.launch.handshakeTimeoutMs ??
    context.backend?.process.handshakeTimeoutMs ??
    defaultHandshakeTimeoutMs
  );
}

/** The handshake phase, when `context` is still in it (answers arriving later are ignored). */
export function handshakeOf(context: MachineContext): Handshake | undefined {
  const { phase } = context.state;
  return phase.name === 'handshake' ? phase : undefined;
}

/** A `session/update` arrived while the replay after a load settles: the quiet period restarts. */
export function extendReplay(context: MachineContext, delayMs: number) {
  context.emit({ type: 'start-timer', timerId: replayTimerId, delayMs });
}

/**
 * H-20: the handshake failed (any stage, the deadline, an exit). Pending `initialize`s get an
 * error, the waiting turn (or a lone one) ends `handshake_failed`, and a live agent is stopped.
 */
export function failHandshake(context: MachineContext, reason: string, agentAlive = true) {
  const { state } = context;
  const phase = state.phase;
  if (phase.name !== 'idle' && phase.name !== 'handshake') return;
  // Info: the reason (with the agent's stderr tail) reaches the client in the result already.
  context.log.info('ACP handshake failed', { reason });
  context.emit({ type: 'cancel-timer', timerId: handshakeTimerId });
  closeSession(context, reason);
  if (phase.name === 'handshake')
    for (const pending of phase.initializing) emitControlError(context, pending.requestId, reason);
  // A client that sent only `initialize` gets a result; a message answered already none (FT-04).
  if (state.turn === undefined && !state.client.prompted) newTurn(context, state.startedAt);
  finishTurn(context, { kind: 'handshake-failed', reason });
  if (agentAlive) context.emit({ type: 'stop-agent', reason });
}

/** A timer fired: the handshake deadline, or the end of a load's replay tail. */
export function onHandshakeTimer(context: MachineContext, timerId: string) {
  const phase = handshakeOf(context);
  if (phase === undefined) return;
  if (timerId === replayTimerId) {
    const quiet = phase.replay?.settle?.quiet;
    phase.replay = undefined;
    if (quiet !== undefined) context.continuations.resume(quiet, undefined);
  } else if (timerId === handshakeTimerId) {
    failHandshake(
      context,
      `The agent did not finish the ACP handshake within ${handshakeTimeoutMs(context)} ms.`,
    );
  }
}
