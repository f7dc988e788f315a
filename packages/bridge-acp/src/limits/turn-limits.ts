import type { MachineContext, Turn } from '../machine/bridge-state.js';
import { interruptTurn } from '../machine/finish-turn.js';
import type { TurnEnding } from '../north/build-result.js';
import {
  budgetEnding,
  budgetReached,
  budgetText,
  limitsOf,
  maxTurnsEnding,
  modelCalls,
} from './launch-limits.js';

/**
 * The bridge ends the running turn itself: as an interrupt (`session/cancel`, pending permissions
 * withdrawn, the cancel grace), but its result is `ending`. Not after the client's own interrupt.
 */
export function stopTurn(context: MachineContext, turn: Turn, ending: TurnEnding): void {
  if (context.state.turn !== turn || turn.stopping !== undefined || turn.prompt === 'cancelling')
    return;
  turn.stopping = ending;
  interruptTurn(context);
}

/**
 * LM-02..LM-05: why a tool call may not run: the turn is being stopped, the tool is not in
 * `--tools`, or the budget is reached (which also stops the turn); `undefined` when it may.
 */
export function limitDenial(
  context: MachineContext,
  turn: Turn,
  toolName: string,
): string | undefined {
  const stopping = turn.stopping;
  if (stopping?.kind === 'stopped') return stopping.errorText;
  const { tools } = limitsOf(context);
  if (tools !== undefined && !toolName.startsWith('mcp__') && !tools.includes(toolName))
    return `No such tool available: ${toolName}`;
  const maxUsd = budgetReached(context);
  if (maxUsd === undefined) return undefined;
  stopTurn(context, turn, budgetEnding(maxUsd));
  return budgetText(maxUsd);
}

/**
 * LM-01: a tool call of the turn settled. When no call is open and no permission waits, a tool
 * round ended (the agent calls its model again next); past `--max-turns` the turn is stopped
 * before that call, as Claude Code stops before it.
 */
export function noteToolSettled(context: MachineContext, turn: Turn): void {
  if (context.state.turn !== turn || turn.prompt !== 'sent' || turn.permissions.size > 0) return;
  for (const tool of turn.tools.values()) if (tool.stage !== 'completed') return;
  turn.rounds = (turn.rounds ?? 0) + 1;
  const { maxTurns } = limitsOf(context);
  if (maxTurns !== undefined && modelCalls(turn) > maxTurns)
    stopTurn(context, turn, maxTurnsEnding(maxTurns));
}
