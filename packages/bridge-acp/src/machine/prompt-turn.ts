import { toAcpPrompt, userText } from '../content/to-acp-prompt.js';
import type { RpcOutcome } from '../json-rpc/create-json-rpc-channel.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import { buildUserReplay } from '../north/client-lines.js';
import type { TurnState } from './bridge-state.js';
import { emitSystemInit, systemInitSignature } from './client-messages.js';
import { finishTurn } from './finish-turn.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { standingInstructionsBlock, standingInstructionsText } from './standing-instructions.js';

/** True when a Claude `content` value has nothing that could become a prompt block. */
function isEmptyContent(content: unknown): boolean {
  if (typeof content === 'string') return content === '';
  if (!Array.isArray(content)) return true;
  return (
    !content.some((block) => isRecord(block) && block.type !== 'text') && userText(content) === ''
  );
}

function newTurn(context: MachineContext): TurnState {
  const turn: TurnState = {
    startedAt: context.clock.now(),
    queue: [],
    promptInFlight: false,
    cancelRequested: false,
    abortedTools: false,
    promptCount: 0,
    lastStopReason: 'end_turn',
    denials: [],
  };
  context.state.turn = turn;
  context.ledger.startTurn();
  context.stream.startTurn();
  return turn;
}

/**
 * A `user` line from the client (PR-01..PR-09). Echoed with `isReplay` when asked
 * (`--replay-user-messages`); starts a turn, or joins the running one (PR-07 queue, PR-08 fold).
 * Before the session is ready it waits in the turn's queue (never failed); after a failed
 * handshake or agent exit it gets a `no_session` result. An empty message that would start a turn
 * gets an error result (the seed dropped it silently); one sent during a turn folds into it.
 */
export function acceptUserMessage(context: MachineContext, line: Record<string, unknown>): void {
  const { state, launch } = context;
  const message = isRecord(line.message) ? line.message : {};
  const content = message.content;
  if (launch.replayUserMessages) {
    context.emit(
      buildUserReplay({
        sessionId: state.sessionId ?? '',
        uuid: context.newId(),
        content: Array.isArray(content) ? content : typeof content === 'string' ? content : '',
      }),
    );
  }
  const turn = state.turn;
  if (turn !== undefined) {
    if (isEmptyContent(content)) {
      context.log.info('empty user message folded into the running turn');
      return;
    }
    turn.queue.push({ content });
    if (state.phase === 'ready' && !turn.promptInFlight) sendNextPrompt(context);
    return;
  }
  if (state.phase === 'failed' || state.phase === 'exited') {
    newTurn(context);
    finishTurn(context, { kind: 'no-session' });
    return;
  }
  if (isEmptyContent(content)) {
    context.log.info('dropped a user message with no translatable content');
    newTurn(context);
    finishTurn(context, { kind: 'empty-message' });
    return;
  }
  newTurn(context).queue.push({ content });
  if (state.phase === 'ready') beginQueuedTurn(context);
}

/**
 * Starts a turn whose prompts waited for the session: `system/init`, then the first prompt. The
 * real CLI writes `system/init` at the start of every turn; only the first turn skips it when the
 * last one emitted (at session-ready, for a client that sent `initialize`) is unchanged (issue 3).
 */
export function beginQueuedTurn(context: MachineContext): void {
  const { state } = context;
  const turn = state.turn;
  if (turn === undefined || turn.promptInFlight || state.phase !== 'ready') return;
  if (turn.promptCount === 0) {
    const firstTurn = state.turnsStarted === 0;
    state.turnsStarted += 1;
    if (!firstTurn || state.lastInitSignature !== systemInitSignature(context)) {
      emitSystemInit(context);
    }
  }
  sendNextPrompt(context);
}

/** PR-04: sends the next queued prompt of the running turn (messages that translate to nothing are skipped). */
function sendNextPrompt(context: MachineContext): void {
  const { state } = context;
  const turn = state.turn;
  const sessionId = state.sessionId;
  if (turn === undefined || sessionId === undefined) return;
  for (let next = turn.queue.shift(); next !== undefined; next = turn.queue.shift()) {
    const { image, audio, embeddedContext } = state.capabilities;
    const { blocks, dropped } = toAcpPrompt(next.content, { image, audio, embeddedContext });
    if (dropped.length > 0)
      context.log.info('prompt blocks the agent cannot take were dropped', { dropped });
    if (blocks.length === 0) {
      context.log.info('dropped a user message with no translatable content');
      continue;
    }
    const prompt: unknown[] = blocks;
    if (!state.firstPromptSent && !state.sessionResumed && !state.instructionsDelivered) {
      const instructions = standingInstructionsText(context.launch, state.clientSystemPrompt);
      if (instructions !== undefined) prompt.unshift(standingInstructionsBlock(instructions));
    }
    state.firstPromptSent = true;
    turn.promptInFlight = true;
    turn.promptCount += 1;
    context.rpc.request('session/prompt', { sessionId, prompt }, (answer) =>
      onPromptAnswer(context, turn, answer),
    );
    return;
  }
  if (turn.promptCount === 0) finishTurn(context, { kind: 'empty-message' });
  else finishTurn(context, { kind: 'completed', stopReason: turn.lastStopReason });
}

/**
 * The answer to `session/prompt`: R-03 on error; after an interrupt the cancelled ending; with
 * queued steering messages (and no interrupt) the next prompt in the same turn (PR-08); else R-02.
 */
function onPromptAnswer(context: MachineContext, turn: TurnState, answer: RpcOutcome): void {
  if (context.state.turn !== turn) return;
  turn.promptInFlight = false;
  if (!answer.ok) {
    finishTurn(context, { kind: 'prompt-error', errorText: formatRpcError(answer.error) });
    return;
  }
  const result = isRecord(answer.result) ? answer.result : {};
  const stopReason =
    typeof result.stopReason === 'string' && result.stopReason !== ''
      ? result.stopReason
      : 'end_turn';
  turn.lastStopReason = stopReason;
  // The open message belongs to the stream before this answer: its assistant line carries the
  // reading live at that time (U-20), not the one the answer reports. Cancelled streams stay
  // open so the turn's end can mark their block aborted.
  if (!turn.cancelRequested && stopReason !== 'cancelled')
    context.stream.endMessage(stopReason, context.ledger.turnOutputTokensAfter(answer.result));
  context.ledger.foldPromptResponse(answer.result);
  if (turn.cancelRequested) {
    finishTurn(context, { kind: 'cancelled', duringTools: turn.abortedTools });
    return;
  }
  if (
    stopReason === 'cancelled' &&
    turn.denials.length > 0 &&
    context.quirks.rejectionEndsTurn === true
  ) {
    // The agent ends its turn on a rejection (`quirks.rejectionEndsTurn`); the client did not
    // interrupt, so the turn ends as the real CLI ends one after a denial: normally.
    finishTurn(context, { kind: 'completed', stopReason: 'end_turn' });
    return;
  }
  if (turn.queue.length > 0) {
    context.stream.endMessage(stopReason);
    sendNextPrompt(context);
    return;
  }
  finishTurn(context, { kind: 'completed', stopReason });
}
