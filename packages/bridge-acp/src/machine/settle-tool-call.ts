import { runHooks } from '../hooks/run-hooks.js';
import { hookStoppedEnding } from '../limits/launch-limits.js';
import { countToolRound } from '../limits/max-turns.js';
import { stopTurn } from '../limits/turn-limits.js';
import type { MachineContext, PendingPermission, ToolCall, Turn } from './bridge-state.js';
import { deny } from './permission-denials.js';
import { completeToolCall, currentOutput } from './tool-calls.js';

/**
 * A tool call that ran ended: its `tool_result`, its PostToolUse hooks (HK-13) and the tool round
 * it may close (LM-01). With {@link refuseToolCall} the only ways a call of the turn ends, so no
 * caller can forget the round count.
 */
export function settleToolCall(
  context: MachineContext,
  turn: Turn,
  tool: ToolCall,
  failed: boolean,
) {
  completeToolCall(context, tool, failed);
  firePostToolHooks(context, turn, tool, failed);
  closeToolRound(context, turn);
}

/**
 * HK-13: PostToolUse (or PostToolUseFailure) once a call reported its end, with its output; a
 * hook's `continue: false` stops the turn. What else a hook answers cannot reach the agent's model.
 */
function firePostToolHooks(
  context: MachineContext,
  turn: Turn,
  tool: ToolCall,
  failed: boolean,
): void {
  const output = currentOutput(context, tool)?.text ?? '';
  const fields = { tool_name: tool.name, tool_input: tool.input, tool_use_id: tool.id };
  const firing = failed
    ? { event: 'PostToolUseFailure', input: { ...fields, error: output } }
    : { event: 'PostToolUse', input: { ...fields, tool_response: tool.toolResponse ?? output } };
  runHooks(context, { ...firing, matchValue: tool.name, toolUseId: tool.id }, (verdict) => {
    if (verdict.stop !== undefined) stopTurn(context, turn, hookStoppedEnding(verdict.stop));
  });
}

/**
 * A tool call's permission was refused (PM-01..PM-06, HK-06, LM-02..LM-05): the denial (listed unless
 * `listed` is false) and its rejected `tool_result`, then the tool round it may close (LM-01).
 */
export function refuseToolCall(
  context: MachineContext,
  turn: Turn,
  denied: PendingPermission,
  text: string,
  listed: boolean,
) {
  deny(context, turn, denied, text, listed);
  closeToolRound(context, turn);
}

/** LM-01: the call may have closed a tool round; past `--max-turns` the turn stops here. */
function closeToolRound(context: MachineContext, turn: Turn) {
  const ending = countToolRound(context, turn);
  if (ending !== undefined) stopTurn(context, turn, ending);
}
