import { isRecord } from '@agentbridge/core/contracts';
import type { ContentBlock, PromptResponse } from '@agentclientprotocol/sdk/unstable';
import { toAcpPrompt, userText } from '../content/to-acp-prompt.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { RpcOutcome } from '../json-rpc/json-rpc.js';
import type { TurnEnding } from '../north/build-result.js';
import { buildResult } from '../north/build-result.js';
import { buildInterruptionMarker, buildUserReplay } from '../north/client-lines.js';
import type { MachineContext, Turn } from './bridge-state.js';
import { currentModelOf } from './bridge-state.js';
import { emitSystemInit, identity, systemInitUnchanged } from './client-output.js';
import { withdrawPendingPermissions } from './permissions.js';
import { standingInstructionsBlock, standingInstructionsText } from './standing-instructions.js';
import { settleOpenToolCalls, syntheticToolResultTexts } from './tool-calls.js';

/** FT-01, FT-03: the timers of the cancel grace and of the wait for an abandoned prompt. */
export const graceTimerId = 'cancel-grace';
export const abandonedTimerId = 'abandoned';

/** How long a cancelled prompt may take to answer, and a turn may wait for an abandoned one. */
export const cancelGraceMs = (context: MachineContext): number =>
  context.launch.cancelGraceMs ?? context.backend?.process.cancelGraceMs ?? 5_000;

/** True when a Claude `content` has nothing that could become a prompt block. */
function isEmptyContent(content: unknown): boolean {
  if (typeof content === 'string') return content === '';
  if (!Array.isArray(content)) return true;
  return (
    !content.some((block) => isRecord(block) && block.type !== 'text') && userText(content) === ''
  );
}

/** Starts a client turn (its clock, usage sums and stream). */
export function newTurn(context: MachineContext, startedAt = context.now()): Turn {
  const turn: Turn = {
    startedAt,
    queue: [],
    prompt: 'waiting',
    abortedTools: false,
    promptCount: 0,
    lastStopReason: 'end_turn',
    denials: [],
    tools: new Map(),
    permissions: new Map(),
  };
  context.state.turn = turn;
  context.ledger.startTurn();
  context.stream.startTurn();
  return turn;
}

/**
 * A `user` line (PR-01..PR-09): echoed with `isReplay` when asked; starts a turn or joins the
 * running one (PR-07 queue, PR-08 fold). Before the session is ready it waits in the turn's queue;
 * once the agent is gone it gets a `no_session` result; an empty message that would start a turn
 * gets an error result, one sent during a turn folds into it.
 */
export function acceptUserMessage(context: MachineContext, line: Record<string, unknown>) {
  const { state } = context;
  state.client.prompted = true;
  const content = isRecord(line.message) ? line.message.content : undefined;
  if (context.launch.replayUserMessages)
    context.send(
      buildUserReplay({
        ...identity(context),
        content: Array.isArray(content) ? content : typeof content === 'string' ? content : '',
      }),
    );
  const turn = state.turn;
  if (turn !== undefined) {
    if (isEmptyContent(content))
      return context.log.info('empty user message folded into the running turn');
    turn.queue.push(content);
    if (state.phase.name === 'ready' && turn.prompt === 'waiting') sendNextPrompt(context, turn);
    return;
  }
  if (state.phase.name === 'closed') {
    newTurn(context);
    return finishTurn(context, { kind: 'no-session' });
  }
  if (isEmptyContent(content)) {
    context.log.info('dropped a user message with no translatable content');
    newTurn(context);
    return finishTurn(context, { kind: 'empty-message' });
  }
  newTurn(context).queue.push(content);
  beginQueuedTurn(context);
}

/**
 * Starts a turn whose prompts waited for the session: `system/init` (the real CLI writes one per
 * turn; the first turn's is the one of session-ready unless the model or mode changed since),
 * then the first prompt.
 */
export function beginQueuedTurn(context: MachineContext) {
  const { state } = context;
  const { turn, phase } = state;
  if (turn === undefined || turn.prompt !== 'waiting' || phase.name !== 'ready') return;
  const session = phase.session;
  if (turn.promptCount === 0) {
    session.turnsStarted += 1;
    // H-13: one system/init per turn; the first turn's is the one of session-ready unless the
    // model or mode changed since (command changes go out as commands_changed).
    if (session.turnsStarted > 1 || !systemInitUnchanged(context, session)) emitSystemInit(context);
  }
  sendNextPrompt(context, turn);
}

/**
 * PR-04: sends the turn's next queued message (those that translate to nothing are skipped). While
 * an abandoned prompt runs (FT-02) the turn waits for it, at most the cancel grace.
 */
function sendNextPrompt(context: MachineContext, turn: Turn) {
  const { phase, abandoned } = context.state;
  if (phase.name !== 'ready') return;
  if (abandoned !== undefined) {
    if (abandoned.waited) return;
    abandoned.waited = true;
    const delayMs = cancelGraceMs(context);
    return context.emit({ type: 'start-timer', timerId: abandonedTimerId, delayMs });
  }
  const { session, agent } = phase;
  for (let content = turn.queue.shift(); content !== undefined; content = turn.queue.shift()) {
    const { blocks, dropped } = toAcpPrompt(content, agent.can);
    if (dropped.length > 0)
      context.log.info('prompt blocks the agent cannot take were dropped', { dropped });
    if (blocks.length === 0) {
      context.log.info('dropped a user message with no translatable content');
      continue;
    }
    const prompt: ContentBlock[] = blocks;
    if (session.instructionsPending) {
      session.instructionsPending = false;
      const instructions = standingInstructionsText(
        context.launch,
        context.state.client.systemPrompt,
      );
      if (instructions !== undefined) prompt.unshift(standingInstructionsBlock(instructions));
    }
    turn.prompt = 'sent';
    turn.promptCount += 1;
    context.rpc.request<PromptResponse>(
      'session/prompt',
      { sessionId: session.id, prompt },
      (answer) => onPromptAnswer(context, turn, answer),
    );
    return;
  }
  finishTurn(
    context,
    turn.promptCount === 0
      ? { kind: 'empty-message' }
      : { kind: 'completed', stopReason: turn.lastStopReason },
  );
}

/**
 * The `session/prompt` answer: R-03 on error; after an interrupt the cancelled ending; with
 * queued steering messages the next prompt of the same turn (PR-08); else R-02.
 */
function onPromptAnswer(context: MachineContext, turn: Turn, answer: RpcOutcome<PromptResponse>) {
  const { state } = context;
  if (state.abandoned?.turn === turn) {
    // FT-02: the abandoned prompt settled; its answer is dropped and a waiting turn may start.
    if (state.abandoned.waited) context.emit({ type: 'cancel-timer', timerId: abandonedTimerId });
    state.abandoned = undefined;
    context.log.info('the abandoned prompt settled; its answer was dropped');
    return beginQueuedTurn(context);
  }
  if (state.turn !== turn) return;
  const cancelling = turn.prompt === 'cancelling';
  if (cancelling) context.emit({ type: 'cancel-timer', timerId: graceTimerId });
  turn.prompt = 'waiting';
  if (!answer.ok)
    return finishTurn(context, { kind: 'prompt-error', errorText: formatRpcError(answer.error) });
  const result = answer.result;
  const reported: unknown = result?.stopReason;
  const stopReason = typeof reported === 'string' && reported !== '' ? reported : 'end_turn';
  turn.lastStopReason = stopReason;
  // The open message belongs to the stream before this answer: its reading is the one live then
  // (U-20). Cancelled streams stay open so the turn's end can mark their block aborted.
  if (!cancelling && stopReason !== 'cancelled')
    context.stream.endMessage(stopReason, context.ledger.turnOutputTokensAfter(result));
  context.ledger.foldPromptResponse(result);
  if (cancelling) return finishTurn(context, { kind: 'cancelled', duringTools: turn.abortedTools });
  if (
    stopReason === 'cancelled' &&
    turn.denials.length > 0 &&
    context.quirks.rejectionEndsTurn === true
  ) {
    // The agent ends its turn on a rejection: the client did not interrupt, so it ends normally.
    return finishTurn(context, { kind: 'completed', stopReason: 'end_turn' });
  }
  if (turn.queue.length > 0) {
    context.stream.endMessage(stopReason);
    return sendNextPrompt(context, turn);
  }
  finishTurn(context, { kind: 'completed', stopReason });
}

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
  if (phase.name === 'ready') context.rpc.notify('session/cancel', { sessionId: phase.session.id });
  // FT-01: the answer may never come; the turn ends at the grace anyway.
  context.emit({ type: 'start-timer', timerId: graceTimerId, delayMs: cancelGraceMs(context) });
  withdrawPendingPermissions(context, 'interrupt', acknowledge);
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
export function finishTurn(context: MachineContext, ending: TurnEnding) {
  const { state, stream } = context;
  const turn = state.turn;
  if (turn === undefined) return;
  turn.queue.length = 0;
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
      numTurns: Math.max(1, turn.promptCount),
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
  context.emit({ type: 'stop-agent', reason: 'the client ended its input' });
}
