import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import { fireSessionEnd } from '../hooks/run-hooks.js';
import { agentMethods } from '../json-rpc/acp-methods.js';
import { modelCalls } from '../limits/max-turns.js';
import type { TurnEnding } from '../north/build-result.js';
import { buildResult } from '../north/build-result.js';
import { buildInterruptionMarker } from '../north/client-lines.js';
import type { MachineContext, Turn } from './bridge-state.js';
import { currentModelOf } from './bridge-state.js';
import { identity } from './client-output.js';
import { withdrawPendingPermissions } from './permission-denials.js';
import { settleOpenToolCalls, syntheticToolResultTexts } from './tool-calls.js';

/** FT-01, FT-03: the timers of the cancel grace and of the wait for an abandoned prompt. */
export const graceTimerId = 'cancel-grace';
export const abandonedTimerId = 'abandoned';

/** How long a cancelled prompt may take to answer, and a turn may wait for an abandoned one. */
export const cancelGraceMs = (context: MachineContext): number =>
  context.launch.cancelGraceMs ?? context.backend?.process.cancelGraceMs ?? 5_000;

/**
 * C-01, PM-06: interrupts the running turn. The queue is cleared (PR-09); with a prompt in flight
 * `session/cancel` goes **first**, then pending permissions are withdrawn (ACP §8 order; with the
 * seed's order an agent made one more model call), and the result follows the prompt's answer. A
 * turn still waiting ends at once. `acknowledge` runs after the withdrawals, before the rejected
 * tools' results (the real CLI's order).
 */
export function interruptTurn(context: MachineContext, acknowledge?: () => void) {
  const { state } = context;
  const turn = state.turn;
  if (turn === undefined || turn.prompt === 'cancelling') return acknowledge?.();
  turn.queue.length = 0;
  if (turn.prompt === 'waiting') {
    acknowledge?.();
    return finishTurn(context, { kind: 'cancelled', duringTools: false });
  }
  turn.prompt = 'cancelling';
  if (turn.permissions.size > 0) turn.abortedTools = true;
  const { phase } = state;
  if (phase.name === 'ready')
    context.rpc.notify(agentMethods.session_cancel, { sessionId: phase.session.id });
  // FT-01: the answer may never come; the turn ends at the grace anyway.
  context.emit({ type: 'start-timer', timerId: graceTimerId, delayMs: cancelGraceMs(context) });
  withdrawPendingPermissions(context, 'interrupt', acknowledge);
}

/**
 * FT-02: gives up on the turn's prompt in flight (the cancel grace ran out, a fault): a prompt
 * still `sent` is cancelled first, the prompt is marked abandoned, and the turn ends with `ending`.
 */
export function abandonPrompt(context: MachineContext, turn: Turn, ending: TurnEnding) {
  const { state } = context;
  const { phase } = state;
  if (turn.prompt === 'cancelling') context.emit({ type: 'cancel-timer', timerId: graceTimerId });
  else if (phase.name === 'ready')
    context.rpc.notify(agentMethods.session_cancel, { sessionId: phase.session.id });
  state.abandoned = { turn, waited: false };
  finishTurn(context, ending);
}

/** The T-31 text for tool calls still open when a turn ends this way. */
function openCallReason(ending: TurnEnding): string {
  if (
    ending.kind === 'cancelled' ||
    (ending.kind === 'completed' && ending.stopReason === 'cancelled')
  )
    return syntheticToolResultTexts.cancelled;
  if (ending.kind === 'agent-exited') return syntheticToolResultTexts.agentExited;
  return syntheticToolResultTexts.turnEnded;
}

/**
 * Ends the running turn with its one `result` (R-01..R-04): the open assistant message is closed
 * (aborted after an interrupt, with the interruption marker), pending permissions withdrawn, open
 * tool calls given their synthetic results (T-31), then the `result`.
 */
export function finishTurn(context: MachineContext, requested: TurnEnding) {
  const { state, stream } = context;
  const turn = state.turn;
  if (turn === undefined) return;
  // A turn the bridge stopped (a limit, a hook) ends as it decided, unless the agent died.
  const ending =
    turn.stopping !== undefined && requested.kind !== 'agent-exited' ? turn.stopping : requested;
  turn.queue.length = 0;
  // Gates still waiting (a hook callback) are moot: their answers are ignored from now on.
  turn.gate = undefined;
  withdrawPendingPermissions(context, 'turn-ended');
  context.clientRequests.withdraw('turn');
  const interrupted =
    ending.kind === 'cancelled' ||
    (ending.kind === 'completed' && ending.stopReason === 'cancelled');
  if (interrupted) {
    const marker = buildInterruptionMarker({
      ...identity(context),
      forToolUse: ending.kind === 'cancelled' && ending.duringTools,
    });
    if ([...turn.tools.values()].some((tool) => tool.stage !== 'completed')) {
      stream.abort();
      settleOpenToolCalls(context, turn, openCallReason(ending));
      context.send(marker);
    } else {
      stream.abort(marker);
      turn.tools.clear();
    }
  } else {
    stream.endMessage(ending.kind === 'completed' ? ending.stopReason : null);
    settleOpenToolCalls(context, turn, openCallReason(ending));
  }
  const lastText = stream.lastText();
  context.send(
    buildResult({
      ...identity(context),
      ending,
      ...(lastText !== undefined ? { lastText } : {}),
      durationMs: Math.max(0, context.now() - turn.startedAt),
      numTurns: modelCalls(turn),
      usage: context.ledger.resultUsage(currentModelOf(state)),
      permissionDenials: turn.denials,
    }),
  );
  state.turn = undefined;
  settleClientEnd(context);
}

/**
 * Once the client's input ended and no turn runs and no `initialize` waits (it is answered at
 * session-ready even after the input ended, as `claude` does), the host may stop the agent.
 */
export function settleClientEnd(context: MachineContext) {
  const { state } = context;
  const { phase } = state;
  if (state.client.input !== 'ended' || state.turn !== undefined) return;
  if (phase.name === 'handshake' && phase.initializing.length > 0) return;
  state.client.input = 'done';
  fireSessionEnd(context);
  context.emit({ type: 'stop-agent', reason: 'the client ended its input' });
}

/** A prompt of one text block (the bridge's own continuations). */
export const textPrompt = (text: string): ContentBlock[] => [{ type: 'text', text }];
