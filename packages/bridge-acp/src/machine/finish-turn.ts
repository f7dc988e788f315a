import type { TurnEnding } from '../north/build-result.js';
import { buildResult } from '../north/build-result.js';
import { buildInterruptionMarker } from '../north/client-lines.js';
import type { MachineContext } from './machine-context.js';
import { withdrawPendingPermissions } from './pending-permissions.js';
import { settleOpenToolCalls, syntheticToolResultTexts } from './tool-calls.js';

/** The T-31 reason for calls still open when a turn ends this way. */
function openCallReason(ending: TurnEnding): string {
  if (ending.kind === 'cancelled') return syntheticToolResultTexts.cancelled;
  if (ending.kind === 'completed' && ending.stopReason === 'cancelled') {
    return syntheticToolResultTexts.cancelled;
  }
  if (ending.kind === 'agent-exited') return syntheticToolResultTexts.agentExited;
  return syntheticToolResultTexts.turnEnded;
}

/**
 * Ends the running client turn with its one `result` (R-01..R-04): closes the open assistant
 * message (aborted after an interrupt, with the interruption marker), withdraws permissions still
 * pending, gives open tool calls their synthetic results (T-31), then writes the `result`.
 */
export function finishTurn(context: MachineContext, ending: TurnEnding): void {
  const { state, stream } = context;
  const turn = state.turn;
  if (turn === undefined) return;
  turn.queue.length = 0;
  withdrawPendingPermissions(context, 'turn-ended');
  const sessionId = state.sessionId ?? '';
  const interrupted =
    ending.kind === 'cancelled' ||
    (ending.kind === 'completed' && ending.stopReason === 'cancelled');
  if (interrupted) {
    const marker = buildInterruptionMarker({
      sessionId,
      uuid: context.newId(),
      forToolUse: ending.kind === 'cancelled' && ending.duringTools,
    });
    const hasOpenCalls = [...state.tools.values()].some(
      (tool) => tool.announced && !tool.completed,
    );
    if (hasOpenCalls) {
      stream.abort();
      settleOpenToolCalls(context, openCallReason(ending));
      context.emit(marker);
    } else {
      stream.abort(marker);
      state.tools.clear();
    }
  } else {
    stream.endMessage(ending.kind === 'completed' ? ending.stopReason : null);
    settleOpenToolCalls(context, openCallReason(ending));
  }
  const lastText = stream.lastText();
  context.emit(
    buildResult({
      sessionId,
      uuid: context.newId(),
      ending,
      ...(lastText !== undefined ? { lastText } : {}),
      durationMs: Math.max(0, context.clock.now() - turn.startedAt),
      numTurns: Math.max(1, turn.promptCount),
      usage: context.ledger.resultUsage(state.catalog.currentModelId),
      permissionDenials: turn.denials,
    }),
  );
  state.turn = undefined;
  settleClientEnd(context);
}

/**
 * `client-done` once the client ended its input, no turn is running or queued and no `initialize`
 * waits for its answer (it is answered at session-ready even after the input ended, as `claude`
 * does; stopping the agent first would fail the handshake the client is waiting for).
 */
export function settleClientEnd(context: MachineContext): void {
  const { state } = context;
  if (!state.clientEnded || state.clientDoneEmitted || state.turn !== undefined) return;
  if (state.pendingInitializeIds.length > 0) return;
  state.clientDoneEmitted = true;
  context.act({ type: 'client-done' });
}
