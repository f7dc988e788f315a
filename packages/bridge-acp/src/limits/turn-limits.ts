import type { MachineContext, Turn } from '../machine/bridge-state.js';
import { interruptTurn } from '../machine/finish-turn.js';
import type { TurnEnding } from '../north/build-result.js';
import { budgetEnding, budgetReached, budgetText, limitsOf } from './launch-limits.js';

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
