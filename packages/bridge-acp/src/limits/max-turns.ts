import type { MachineContext, Turn } from '../machine/bridge-state.js';
import type { TurnEnding } from '../north/build-result.js';

/*
 * LM-01: `--max-turns` (the SDK's `maxTurns`), all it does, from here:
 * - in: `apps/cli/src/argv/parse-limits.ts` reads `--max-turns <n>` (an integer of at least 1)
 *   into `launch.limits.maxTurns` (`LaunchLimits` in `acp-launch.ts`);
 * - counted: a turn's model calls are its prompts plus its tool rounds ({@link modelCalls}, also
 *   the result's `num_turns` in `machine/finish-turn.ts`); a round closes when the turn's last open
 *   call settles ({@link countToolRound}, called from `machine/settle-tool-call.ts` only: every
 *   way a tool call ends goes through there);
 * - enforced at three points, each before the model call that would pass it, as Claude Code:
 *   after a tool round (`settle-tool-call.ts` stops the turn), before a prompt folded into the
 *   running turn (`limitsPromptGate` in `launch-limits.ts`), and before a Stop hook's `block`
 *   continues the turn (`stopGate` in `hooks/hook-gates.ts`);
 * - out: the result `error_max_turns` ({@link maxTurnsEnding}, shaped by `north/build-result.ts`,
 *   which also maps an agent's own `max_turn_requests` stop reason to that subtype).
 */

const maxTurnsOf = (context: MachineContext): number | undefined => context.launch.limits?.maxTurns;

/** LM-01: the model calls of a turn so far, as Claude Code counts them (`num_turns`). */
export const modelCalls = (turn: Turn): number =>
  Math.max(1, turn.promptCount) + (turn.rounds ?? 0);

/** LM-01: the real CLI's ending at `--max-turns`. */
export const maxTurnsEnding = (maxTurns: number): TurnEnding => ({
  kind: 'stopped',
  subtype: 'error_max_turns',
  errorText: `Reached maximum number of turns (${maxTurns})`,
  stopReason: 'tool_use',
  terminalReason: 'max_turns',
});

/** LM-01: one more model call would pass `--max-turns`: its value, else `undefined`. */
export function wouldPassMaxTurns(context: MachineContext, turn: Turn): number | undefined {
  const maxTurns = maxTurnsOf(context);
  return maxTurns !== undefined && modelCalls(turn) + 1 > maxTurns ? maxTurns : undefined;
}

/**
 * LM-01: a tool call of the turn settled. When no call is open and no permission waits, a tool
 * round ended (the agent calls its model again next); past `--max-turns` the ending to stop the
 * turn with before that call, as Claude Code stops before it.
 */
export function countToolRound(context: MachineContext, turn: Turn): TurnEnding | undefined {
  if (context.state.turn !== turn || turn.prompt !== 'sent' || turn.permissions.size > 0)
    return undefined;
  for (const tool of turn.tools.values()) if (tool.stage !== 'completed') return undefined;
  turn.rounds = (turn.rounds ?? 0) + 1;
  const maxTurns = maxTurnsOf(context);
  return maxTurns !== undefined && modelCalls(turn) > maxTurns
    ? maxTurnsEnding(maxTurns)
    : undefined;
}
