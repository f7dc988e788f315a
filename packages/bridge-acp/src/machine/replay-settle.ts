import type { MachineContext } from './machine-context.js';

/** The timer id of the quiet period after a `session/load` answer (`quirks.loadReplaySettleMs`). */
export const loadReplayTimerId = 'load-replay';

/**
 * A `session/update` arrived while the replay after a `session/load` answer settles: the quiet
 * period starts again (the host restarts a running timer).
 */
export function extendReplaySettle(context: MachineContext): void {
  const settle = context.state.replaySettle;
  if (settle === undefined || context.state.phase !== 'handshake') return;
  context.act({ type: 'start-timer', timerId: loadReplayTimerId, delayMs: settle.delayMs });
}

/** The `load-replay` timer fired: the replay is over, the session opens (start-up switches, ready). */
export function finishReplaySettle(context: MachineContext): void {
  const { state } = context;
  const settle = state.replaySettle;
  if (settle === undefined || state.phase !== 'handshake') return;
  state.replaySettle = undefined;
  state.replaying = false;
  settle.finish();
}
