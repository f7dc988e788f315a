import type { UserMessage } from '@agentbridge/core';
import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import { toAcpPrompt, userText } from '../content/to-acp-prompt.js';
import { agentMethods } from '../json-rpc/acp-methods.js';
import { requestAgent } from '../json-rpc/agent-request.js';
import { type PromptResponseIn, promptResponse } from '../json-rpc/agent-schemas.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { RpcOutcome } from '../json-rpc/json-rpc.js';
import { tryFallbackModel } from '../limits/fallback-model.js';
import { buildUserReplay } from '../north/client-lines.js';
import type { MachineContext, Turn } from './bridge-state.js';
import { currentModelOf } from './bridge-state.js';
import { emitSystemInit, identity, systemInitUnchanged } from './client-output.js';
import {
  abandonedTimerId,
  cancelGraceMs,
  finishTurn,
  graceTimerId,
  textPrompt,
} from './finish-turn.js';
import { armStallWatchdog } from './stall-watchdog.js';
import { standingInstructionsBlock, standingInstructionsText } from './standing-instructions.js';
import { endGates, promptGates, runGates } from './turn-gates.js';

/** A client's `user` message content (core's schema read it at the edge). */
type UserContent = UserMessage['message']['content'];

/** True when a Claude `content` has nothing that could become a prompt block. */
function isEmptyContent(content: UserContent | undefined): boolean {
  if (content === undefined) return true;
  if (typeof content === 'string') return content === '';
  return !content.some((block) => block.type !== 'text') && userText(content) === '';
}

/** Starts a client turn (its clock, usage sums and stream). */
export function newTurn(context: MachineContext, startedAt = context.now()): Turn {
  const turn: Turn = {
    startedAt,
    queue: [],
    prompt: 'waiting',
    gate: undefined,
    abortedTools: false,
    promptCount: 0,
    lastStopReason: 'end_turn',
    denials: [],
    tools: new Map(),
    permissions: new Map(),
  };
  context.state.turn = turn;
  context.ledger.startTurn(currentModelOf(context.state));
  context.stream.startTurn();
  return turn;
}

/**
 * A `user` line (PR-01..PR-09): echoed with `isReplay` when asked; starts a turn or joins the
 * running one (PR-07 queue, PR-08 fold). Before the session is ready it waits in the turn's queue;
 * once the agent is gone it gets a `no_session` result; an empty message that would start a turn
 * gets an error result, one sent during a turn folds into it.
 */
export function acceptUserMessage(context: MachineContext, message: UserMessage | undefined) {
  const { state } = context;
  state.client.prompted = true;
  const content = message?.message.content;
  if (context.launch.replayUserMessages)
    context.send(
      buildUserReplay({
        ...identity(context),
        content: content ?? '',
      }),
    );
  const turn = state.turn;
  if (turn !== undefined) {
    if (isEmptyContent(content))
      return context.log.info('empty user message folded into the running turn');
    turn.queue.push(content);
    if (state.phase.name === 'ready' && turn.prompt === 'waiting' && turn.gate === undefined)
      sendNextPrompt(context, turn);
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
    if (session.historyPending !== undefined) {
      prompt.unshift({ type: 'text', text: session.historyPending });
      session.historyPending = undefined;
    }
    if (session.instructionsPending) {
      session.instructionsPending = false;
      const instructions = standingInstructionsText(
        context.launch,
        context.state.client.systemPrompt,
      );
      if (instructions !== undefined) prompt.unshift(standingInstructionsBlock(instructions));
    }
    return runGates(context, turn, promptGates, prompt, (step) =>
      'exit' in step ? finishTurn(context, step.exit) : sendPrompt(context, turn, step.pass),
    );
  }
  if (turn.promptCount === 0) return finishTurn(context, { kind: 'empty-message' });
  completeTurn(context, turn, turn.lastStopReason);
}

/** Sends one `session/prompt` of the turn (a user message's, or a continuation of the bridge's). */
function sendPrompt(context: MachineContext, turn: Turn, prompt: ContentBlock[]) {
  const { phase } = context.state;
  if (phase.name !== 'ready') return finishTurn(context, { kind: 'no-session' });
  turn.prompt = 'sent';
  turn.promptCount += 1;
  armStallWatchdog(context);
  requestAgent(
    context.rpc,
    agentMethods.session_prompt,
    { sessionId: phase.session.id, prompt },
    promptResponse,
    (answer) => onPromptAnswer(context, turn, answer, prompt),
  );
}

/**
 * The agent finished and nothing is queued: the end gates may end the turn differently or continue
 * it with a prompt of their own (which skips the prompt gates); messages queued meanwhile go next.
 */
function completeTurn(context: MachineContext, turn: Turn, stopReason: string) {
  runGates(context, turn, endGates, { kind: 'completed', stopReason }, (step) => {
    if ('exit' in step) {
      context.stream.endMessage(stopReason);
      return sendPrompt(context, turn, textPrompt(step.exit.continueWith));
    }
    if (turn.queue.length > 0) {
      context.stream.endMessage(stopReason);
      return sendNextPrompt(context, turn);
    }
    finishTurn(context, step.pass);
  });
}

/**
 * The `session/prompt` answer: R-03 on error; after an interrupt the cancelled ending; with
 * queued steering messages the next prompt of the same turn (PR-08); else R-02.
 */
function onPromptAnswer(
  context: MachineContext,
  turn: Turn,
  answer: RpcOutcome<PromptResponseIn>,
  prompt: ContentBlock[],
) {
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
  if (!answer.ok) {
    const resend = () => sendPrompt(context, turn, prompt);
    if (!cancelling && tryFallbackModel(context, turn, answer.error, resend)) return;
    return finishTurn(context, { kind: 'prompt-error', errorText: formatRpcError(answer.error) });
  }
  const result = answer.result;
  const reported = result?.stopReason;
  const stopReason = reported !== undefined && reported !== '' ? reported : 'end_turn';
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
  completeTurn(context, turn, stopReason);
}
