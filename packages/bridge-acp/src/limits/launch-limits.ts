import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import type { LaunchLimits } from '../acp-launch.js';
import type { MachineContext } from '../machine/bridge-state.js';
import { currentModelOf } from '../machine/bridge-state.js';
import type { Gate } from '../machine/gate.js';
import type { TurnEnding } from '../north/build-result.js';
import { maxTurnsEnding, wouldPassMaxTurns } from './max-turns.js';

/** The limits of the launch. */
export const limitsOf = (context: MachineContext): LaunchLimits => context.launch.limits ?? {};

/** A turn the bridge ended itself (HK-xx, LM-xx). */
const stopped = (
  subtype: 'success' | 'error_during_execution' | 'error_max_budget_usd',
  errorText: string,
  terminalReason: string,
  stopReason: string | null = null,
): TurnEnding => ({ kind: 'stopped', subtype, errorText, stopReason, terminalReason });

/** LM-03: the real CLI's text and ending at `--max-budget-usd`. */
export const budgetText = (maxUsd: number) => `Reached maximum budget ($${maxUsd})`;
export const budgetEnding = (maxUsd: number) =>
  stopped('error_max_budget_usd', budgetText(maxUsd), 'budget_exhausted');
/** HK-09: a hook answered `continue: false` (the real CLI's `hook_stopped`). */
export const hookStoppedEnding = (reason: string) => stopped('success', reason, 'hook_stopped');
/** HK-11: a UserPromptSubmit hook blocked the prompt (Claude Code's wording). */
export const promptBlockedEnding = (reason: string) =>
  stopped(
    'error_during_execution',
    `UserPromptSubmit operation blocked by hook:\n${reason}`,
    'hook_stopped',
  );
/** HK-08, LM-04: a tool the agent ran without asking was refused. */
export const unaskedDenialEnding = (text: string, terminalReason: string) =>
  stopped('error_during_execution', text, terminalReason, 'tool_use');

/** LM-03: the budget when the session's cost reached it, else `undefined`. */
export function budgetReached(context: MachineContext): number | undefined {
  const max = limitsOf(context).maxBudgetUsd;
  if (max === undefined) return undefined;
  const spent = context.ledger.spentUsd(currentModelOf(context.state));
  return spent !== undefined && spent >= max ? max : undefined;
}

/** LM-01, LM-03: before a user prompt: the budget is spent, or the prompt would pass `--max-turns`. */
export function limitsPromptGate(
  ...[context, turn, prompt, next]: Parameters<Gate<ContentBlock[], TurnEnding>>
) {
  const maxUsd = budgetReached(context);
  if (maxUsd !== undefined) return next({ exit: budgetEnding(maxUsd) });
  const maxTurns = turn.promptCount > 0 ? wouldPassMaxTurns(context, turn) : undefined;
  next(maxTurns === undefined ? { pass: prompt } : { exit: maxTurnsEnding(maxTurns) });
}

/** LM-03: a turn that finished over the budget ends `error_max_budget_usd`, as the real CLI's. */
export function limitsEndGate(
  ...[context, , ending, next]: Parameters<Gate<TurnEnding, { readonly continueWith: string }>>
) {
  const maxUsd = budgetReached(context);
  next({ pass: maxUsd === undefined ? ending : budgetEnding(maxUsd) });
}
