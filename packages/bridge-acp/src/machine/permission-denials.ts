import { runHooks } from '../hooks/run-hooks.js';
import type { MachineContext, PendingPermission, Turn } from './bridge-state.js';
import { completeToolCall } from './tool-calls.js';

/** The rejection text a withdrawn or denied tool call gets as its `tool_result` (real CLI wording). */
export const toolRejectedText = "The user doesn't want to proceed with this tool use.";

type Denied = Pick<PendingPermission, 'toolName' | 'toolUseId' | 'input' | 'toolCallId'>;

/**
 * Lists a denial in `permission_denials` (and tells the PermissionDenied hooks) and gives its call
 * the rejected `tool_result` at once.
 */
export function deny(
  context: MachineContext,
  turn: Turn,
  denied: Denied,
  text: string,
  listed = true,
) {
  const { toolName, toolUseId, input } = denied;
  if (listed) {
    turn.denials.push({ tool_name: toolName, tool_use_id: toolUseId, tool_input: input });
    const fields = { tool_name: toolName, tool_input: input, tool_use_id: toolUseId, reason: text };
    runHooks(context, {
      event: 'PermissionDenied',
      matchValue: toolName,
      toolUseId,
      input: fields,
    });
  }
  const tool = denied.toolCallId === undefined ? undefined : turn.tools.get(denied.toolCallId);
  if (tool !== undefined) completeToolCall(context, tool, true, text);
}

/**
 * PM-07: withdraws every pending permission: their client requests (and the turn's other client
 * requests: hooks) get a `control_cancel_request`, whoever asked gets `cancelled` (not after the
 * agent exited). On an interrupt the tools count as denied. `afterWithdrawal` runs between the two
 * (the real CLI's order).
 */
export function withdrawPendingPermissions(
  context: MachineContext,
  why: 'interrupt' | 'turn-ended' | 'agent-exited',
  afterWithdrawal?: () => void,
) {
  const turn = context.state.turn;
  const pending = turn === undefined ? [] : [...turn.permissions];
  turn?.permissions.clear();
  context.clientRequests.withdraw('turn');
  const { continuations } = context;
  for (const [key] of pending)
    if (why === 'agent-exited') continuations.drop(key);
    else continuations.resume(key, undefined);
  afterWithdrawal?.();
  if (turn !== undefined && why !== 'agent-exited')
    for (const [, permission] of pending)
      deny(context, turn, permission, toolRejectedText, why === 'interrupt');
}
