import type { JsonRpcId } from '../json-rpc/json-rpc-message.js';
import { alwaysAllowSuggestion, buildCanUseTool } from '../north/client-lines.js';
import {
  choosePermissionOption,
  readPermissionOptions,
} from '../permissions/permission-options.js';
import { decidePermission } from '../permissions/permission-rules.js';
import { mapToolName, unwrapMcpArguments } from '../tools/map-tool-name.js';
import { interruptTurn } from './interrupt-turn.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { recordDenial, rejectToolCall, toolRejectedText } from './pending-permissions.js';
import { announceToolCall, toolCallState, updateToolCall } from './tool-calls.js';

/** PM-02: the prefix of the bridge's `can_use_tool` request ids. */
export const permissionRequestIdPrefix = 'acp-perm-';

/** The `tool_result` of a call the bridge's own policy refused. */
export function policyDenialText(toolName: string): string {
  return `Permission to use ${toolName} has been denied by the session's permission settings.`;
}

/** The `tool_result` of an "ask" that had no client prompt to go to (no `--permission-prompt-tool stdio`). */
export function notGrantedText(toolName: string): string {
  return `The agent requested permission to use ${toolName}, but it has not been granted.`;
}

/**
 * `session/request_permission` (PM-01..PM-02 plus the bridge-side policy): the call's `tool_use`
 * is announced first; `allowedTools` / `disallowedTools` / the permission mode decide through
 * `decidePermission`; an "ask" becomes a `can_use_tool` request when the client runs with
 * `--permission-prompt-tool stdio`, else a denial listed in `permission_denials`. While no
 * `session/prompt` is in flight (or for another session) no turn can show the request: it is
 * answered `cancelled` at once and logged (T-33 gap fix; every agent request answered once).
 */
export function onPermissionRequest(
  context: MachineContext,
  agentRequestId: JsonRpcId,
  params: unknown,
): void {
  const { state, launch } = context;
  const record = isRecord(params) ? params : {};
  if (
    state.turn?.promptInFlight !== true ||
    state.phase !== 'ready' ||
    record.sessionId !== state.sessionId
  ) {
    context.log.warn('permission request outside a turn answered cancelled');
    context.rpc.respond(agentRequestId, { outcome: { outcome: 'cancelled' } });
    return;
  }
  const toolCall = isRecord(record.toolCall) ? record.toolCall : {};
  const toolCallId =
    typeof toolCall.toolCallId === 'string' && toolCall.toolCallId !== ''
      ? toolCall.toolCallId
      : undefined;
  const frameInput = isRecord(toolCall.rawInput) ? toolCall.rawInput : undefined;
  let toolName: string;
  let input: Record<string, unknown>;
  let title =
    typeof toolCall.title === 'string' && toolCall.title !== '' ? toolCall.title : undefined;
  if (toolCallId !== undefined) {
    const tool = toolCallState(context, toolCallId);
    updateToolCall(tool, toolCall, undefined);
    tool.permissionRequested = true;
    announceToolCall(context, tool);
    toolName = tool.name;
    title = tool.title !== undefined && tool.title !== '' ? tool.title : undefined;
    const unwrapped =
      frameInput !== undefined
        ? unwrapMcpArguments(toolName, frameInput, context.quirks.mcpArgumentEnvelopes)
        : undefined;
    input = isRecord(unwrapped) ? unwrapped : tool.input;
  } else {
    toolName = mapToolName(
      {
        ...(typeof toolCall.kind === 'string' ? { kind: toolCall.kind } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(frameInput !== undefined ? { rawInput: frameInput } : {}),
      },
      { mcpServerNames: context.state.mcpServerNames, quirks: context.quirks },
    );
    const unwrapped =
      frameInput !== undefined
        ? unwrapMcpArguments(toolName, frameInput, context.quirks.mcpArgumentEnvelopes)
        : undefined;
    input = isRecord(unwrapped) ? unwrapped : {};
  }
  const options = readPermissionOptions(record.options);
  const decision = decidePermission({
    toolName,
    input,
    allowedTools: launch.allowedTools ?? [],
    disallowedTools: state.disallowedTools,
    permissionMode: state.permissionMode,
    cwd: launch.cwd,
  });
  if (decision === 'allow') {
    context.rpc.respond(agentRequestId, {
      outcome: choosePermissionOption(options, { allow: true, always: false }),
    });
    return;
  }
  const requestId = `${permissionRequestIdPrefix}${state.nextPermissionNumber}`;
  state.nextPermissionNumber += 1;
  const toolUseId = toolCallId ?? requestId;
  // After the client closed its input nobody can answer a prompt: an "ask" is then a denial.
  if (decision === 'ask' && launch.permissionPromptTool === 'stdio' && !state.clientEnded) {
    state.pendingPermissions.set(requestId, {
      requestId,
      agentRequestId,
      toolCallId,
      toolUseId,
      toolName,
      input,
      options,
    });
    context.emit(
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
  recordDenial(context, { toolName, toolUseId, input });
  rejectToolCall(
    context,
    toolCallId,
    decision === 'deny' ? policyDenialText(toolName) : notGrantedText(toolName),
  );
}

/**
 * PM-03..PM-06: the client's answer to a `can_use_tool`. Returns false when no such request is
 * pending (the caller logs it). A denial gets its rejected `tool_result` at once (with the
 * client's message) and is listed in `permission_denials`; `interrupt: true` also interrupts.
 */
export function onPermissionAnswer(
  context: MachineContext,
  requestId: string,
  envelope: Record<string, unknown>,
): boolean {
  const { state } = context;
  const pending = state.pendingPermissions.get(requestId);
  if (pending === undefined) return false;
  state.pendingPermissions.delete(requestId);
  const inner =
    envelope.subtype === 'error'
      ? { behavior: 'deny', message: envelope.error }
      : isRecord(envelope.response)
        ? envelope.response
        : {};
  const allow = inner.behavior === 'allow';
  const always = Array.isArray(inner.updatedPermissions) && inner.updatedPermissions.length > 0;
  const outcome = choosePermissionOption(pending.options, { allow, always });
  context.rpc.respond(pending.agentRequestId, { outcome });
  if (allow) {
    if (inner.updatedInput !== undefined)
      context.log.debug('updatedInput cannot reach an ACP agent; dropped');
    return true;
  }
  recordDenial(context, {
    toolName: pending.toolName,
    toolUseId: pending.toolUseId,
    input: pending.input,
  });
  const message =
    typeof inner.message === 'string' && inner.message !== '' ? inner.message : toolRejectedText;
  rejectToolCall(context, pending.toolCallId, message);
  if (inner.interrupt === true) interruptTurn(context);
  return true;
}
