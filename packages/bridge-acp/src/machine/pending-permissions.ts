import { buildControlCancelRequest } from '../north/client-lines.js';
import type { MachineContext } from './machine-context.js';
import { completeToolCall } from './tool-calls.js';

/** The rejection text a withdrawn or denied tool call gets as its `tool_result` (real CLI wording). */
export const toolRejectedText = "The user doesn't want to proceed with this tool use.";

/** Records a denied tool in the running turn's `permission_denials`. */
export function recordDenial(
  context: MachineContext,
  denial: { toolName: string; toolUseId: string; input: Record<string, unknown> },
): void {
  context.state.turn?.denials.push({
    tool_name: denial.toolName,
    tool_use_id: denial.toolUseId,
    tool_input: denial.input,
  });
}

/** Gives a denied call its `tool_result` (`is_error: true`) right away; later frames emit nothing. */
export function rejectToolCall(
  context: MachineContext,
  toolCallId: string | undefined,
  text: string,
): void {
  if (toolCallId === undefined) return;
  const tool = context.state.tools.get(toolCallId);
  if (tool !== undefined && !tool.completed) completeToolCall(context, tool, true, text);
}

/**
 * PM-07: withdraws every pending `can_use_tool`: a `control_cancel_request` to the client and the
 * `cancelled` outcome to the agent (each agent request answered exactly once). On an interrupt the
 * tools count as denied (listed in `permission_denials`, rejected `tool_result`).
 */
export function withdrawPendingPermissions(
  context: MachineContext,
  why: 'interrupt' | 'turn-ended',
  afterWithdrawal?: () => void,
): void {
  const { state } = context;
  if (state.pendingPermissions.size === 0) {
    afterWithdrawal?.();
    return;
  }
  const pending = [...state.pendingPermissions.values()];
  state.pendingPermissions.clear();
  for (const permission of pending) {
    context.emit(buildControlCancelRequest(permission.requestId));
    context.rpc.respond(permission.agentRequestId, { outcome: { outcome: 'cancelled' } });
  }
  afterWithdrawal?.();
  for (const permission of pending) {
    if (why === 'interrupt') {
      recordDenial(context, {
        toolName: permission.toolName,
        toolUseId: permission.toolUseId,
        input: permission.input,
      });
    }
    rejectToolCall(context, permission.toolCallId, toolRejectedText);
  }
}
