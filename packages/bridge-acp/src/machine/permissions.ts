import { isRecord } from '@agentbridge/core/contracts';
import type { RequestPermissionRequest } from '@agentclientprotocol/sdk/unstable';
import type { JsonRpcId } from '../json-rpc/json-rpc.js';
import {
  alwaysAllowSuggestion,
  buildCanUseTool,
  buildControlCancelRequest,
} from '../north/client-lines.js';
import {
  choosePermissionOption,
  readPermissionOptions,
} from '../permissions/permission-options.js';
import { decidePermission } from '../permissions/permission-rules.js';
import type { MachineContext, PendingPermission, Turn } from './bridge-state.js';
import {
  announceToolCall,
  completeToolCall,
  describeToolCall,
  newToolCall,
  toolCallOf,
  updateToolCall,
} from './tool-calls.js';

/** The rejection text a withdrawn or denied tool call gets as its `tool_result` (real CLI wording). */
const toolRejectedText = "The user doesn't want to proceed with this tool use.";

/** The `tool_result` of a call the bridge's own policy refused. */
const policyDenialText = (toolName: string): string =>
  `Permission to use ${toolName} has been denied by the session's permission settings.`;

/** The `tool_result` of an "ask" with no client prompt to go to (no `--permission-prompt-tool stdio`). */
const notGrantedText = (toolName: string): string =>
  `The agent requested permission to use ${toolName}, but it has not been granted.`;

type Denied = Pick<PendingPermission, 'toolName' | 'toolUseId' | 'input' | 'toolCallId'>;

/** Lists a denial in `permission_denials` and gives its call the rejected `tool_result` at once. */
function deny(context: MachineContext, turn: Turn, denied: Denied, text: string, listed = true) {
  if (listed)
    turn.denials.push({
      tool_name: denied.toolName,
      tool_use_id: denied.toolUseId,
      tool_input: denied.input,
    });
  const tool = denied.toolCallId === undefined ? undefined : turn.tools.get(denied.toolCallId);
  if (tool !== undefined) completeToolCall(context, tool, true, text);
}

/**
 * `session/request_permission` (PM-01, PM-02 and the bridge's policy): the call's `tool_use` is
 * announced first; `allowedTools`/`disallowedTools`/the permission mode decide; an "ask" becomes a
 * `can_use_tool` with `--permission-prompt-tool stdio`, else a listed denial. With no prompt in
 * flight (or for another session) it is answered `cancelled` at once (T-33; one answer each).
 */
export function onPermissionRequest(
  context: MachineContext,
  agentRequestId: JsonRpcId,
  params: unknown,
) {
  const { state, launch } = context;
  const { phase, turn } = state;
  const request = (isRecord(params) ? params : {}) as Partial<RequestPermissionRequest>;
  if (
    turn === undefined ||
    (turn.prompt !== 'sent' && turn.prompt !== 'cancelling') ||
    phase.name !== 'ready' ||
    request.sessionId !== phase.session.id
  ) {
    context.log.warn('permission request outside a turn answered cancelled');
    context.rpc.respond(agentRequestId, { outcome: { outcome: 'cancelled' } });
    return;
  }
  const session = phase.session;
  const frame: Partial<RequestPermissionRequest['toolCall']> = isRecord(request.toolCall)
    ? request.toolCall
    : {};
  const toolCallId =
    typeof frame.toolCallId === 'string' && frame.toolCallId !== '' ? frame.toolCallId : undefined;
  // A request without an id gets a call state of its own (not tracked), for its name and input.
  const tool = toolCallId === undefined ? newToolCall('') : toolCallOf(turn, toolCallId);
  updateToolCall(tool, frame, context.quirks);
  tool.permissionRequested = true;
  if (toolCallId !== undefined) announceToolCall(context, tool);
  else Object.assign(tool, describeToolCall(context, tool));
  const { name: toolName, input } = tool;
  const title = tool.title !== undefined && tool.title !== '' ? tool.title : undefined;
  const options = readPermissionOptions(request.options);
  const decision = decidePermission({
    toolName,
    input,
    allowedTools: launch.allowedTools ?? [],
    disallowedTools: state.client.disallowedTools,
    permissionMode: session.permissionMode,
    cwd: launch.cwd,
  });
  if (decision === 'allow') {
    context.rpc.respond(agentRequestId, {
      outcome: choosePermissionOption(options, { allow: true, always: false }),
    });
    return;
  }
  const requestId = `acp-perm-${state.nextPermission++}`;
  const toolUseId = toolCallId ?? requestId;
  // After the client closed its input nobody can answer a prompt: an "ask" is then a denial.
  if (
    decision === 'ask' &&
    launch.permissionPromptTool === 'stdio' &&
    state.client.input === 'open'
  ) {
    turn.permissions.set(requestId, {
      requestId,
      agentRequestId,
      toolCallId,
      toolUseId,
      toolName,
      input,
      options,
    });
    context.send(
      buildCanUseTool({
        requestId,
        toolName,
        displayName: title === undefined || toolName.startsWith('mcp__') ? toolName : title,
        input,
        toolUseId,
        permissionSuggestions:
          options.allowAlways !== undefined ? [alwaysAllowSuggestion(toolName)] : [],
      }),
    );
    return;
  }
  context.rpc.respond(agentRequestId, {
    outcome: choosePermissionOption(options, { allow: false, always: false }),
  });
  deny(
    context,
    turn,
    { toolName, toolUseId, input, toolCallId },
    decision === 'deny' ? policyDenialText(toolName) : notGrantedText(toolName),
  );
}

/**
 * PM-03..PM-06: the client's answer to a `can_use_tool`: `unknown` when no such request is pending.
 * A denial gets its rejected `tool_result` at once (with the client's message) and is listed in
 * `permission_denials`; `interrupt` when the client also asked to interrupt the turn.
 */
export function onPermissionAnswer(
  context: MachineContext,
  requestId: string,
  envelope: Record<string, unknown>,
): 'unknown' | 'answered' | 'interrupt' {
  const turn = context.state.turn;
  const pending = turn?.permissions.get(requestId);
  if (turn === undefined || pending === undefined) return 'unknown';
  turn.permissions.delete(requestId);
  const inner: Record<string, unknown> =
    envelope.subtype === 'error'
      ? { behavior: 'deny', message: envelope.error }
      : isRecord(envelope.response)
        ? envelope.response
        : {};
  const allow = inner.behavior === 'allow';
  const always = Array.isArray(inner.updatedPermissions) && inner.updatedPermissions.length > 0;
  context.rpc.respond(pending.agentRequestId, {
    outcome: choosePermissionOption(pending.options, { allow, always }),
  });
  if (allow) {
    if (inner.updatedInput !== undefined)
      context.log.debug('updatedInput cannot reach an ACP agent; dropped');
    return 'answered';
  }
  const message =
    typeof inner.message === 'string' && inner.message !== '' ? inner.message : toolRejectedText;
  deny(context, turn, pending, message);
  return inner.interrupt === true ? 'interrupt' : 'answered';
}

/**
 * PM-07: withdraws every pending `can_use_tool` (a `control_cancel_request` to the client, the
 * `cancelled` outcome to the agent: each agent request answered once). On an interrupt the tools
 * count as denied. `afterWithdrawal` runs between the two (the real CLI's order).
 */
export function withdrawPendingPermissions(
  context: MachineContext,
  why: 'interrupt' | 'turn-ended',
  afterWithdrawal?: () => void,
) {
  const turn = context.state.turn;
  const pending = turn === undefined ? [] : [...turn.permissions.values()];
  turn?.permissions.clear();
  for (const permission of pending) {
    context.send(buildControlCancelRequest(permission.requestId));
    context.rpc.respond(permission.agentRequestId, { outcome: { outcome: 'cancelled' } });
  }
  afterWithdrawal?.();
  if (turn !== undefined)
    for (const permission of pending)
      deny(context, turn, permission, toolRejectedText, why === 'interrupt');
}
