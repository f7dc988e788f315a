import { hookName, runHooks } from '../hooks/run-hooks.js';
import type { JsonRpcId } from '../json-rpc/json-rpc.js';
import type { PermissionRequestIn } from '../json-rpc/session-update-schemas.js';
import { hookStoppedEnding, unaskedDenialEnding } from '../limits/launch-limits.js';
import { limitDenial, stopTurn } from '../limits/turn-limits.js';
import { mcpProvenanceOf } from '../mcp/mcp-state.js';
import { alwaysAllowSuggestion } from '../north/client-lines.js';
import {
  choosePermissionOption,
  readPermissionOptions,
} from '../permissions/permission-options.js';
import { decidePermission } from '../permissions/permission-rules.js';
import { shellAskReason } from '../permissions/shell-rules.js';
import type {
  MachineContext,
  PendingPermission,
  PermissionOutcome,
  ToolCall,
  Turn,
} from './bridge-state.js';
import { sessionOf } from './bridge-state.js';
import { interruptTurn } from './finish-turn.js';
import { preToolUse } from './pre-tool-use.js';
import { readPermissionAnswer } from './read-permission-answer.js';
import { runningCallFor } from './running-call-for.js';
import { sameJson } from './same-json.js';
import { refuseToolCall } from './settle-tool-call.js';
import {
  announceToolCall,
  describeToolCall,
  newToolCall,
  toolCallOf,
  updateToolCall,
} from './tool-calls.js';
import { withShellAnalysis } from './with-shell-analysis.js';

/** The `tool_result` of a call the bridge's own policy refused. */
const policyDenialText = (toolName: string): string =>
  `Permission to use ${toolName} has been denied by the session's permission settings.`;

/** The `tool_result` of an "ask" with no client prompt to go to (no `--permission-prompt-tool stdio`). */
const notGrantedText = (toolName: string): string =>
  `The agent requested permission to use ${toolName}, but it has not been granted.`;

/** HK-07: an input changed by a hook or the client, for a tool the agent runs itself. */
const changedInputText = (who: string): string =>
  `${who} changed the tool's input (updatedInput), but the agent runs this tool itself and ACP cannot carry a changed input to it; the call was refused.`;

/** HK-06: the `tool_result` of a call a PreToolUse hook denied (Claude Code's wording). */
const hookDenialText = (toolName: string, reason: string | undefined): string =>
  `${hookName({ event: 'PreToolUse', matchValue: toolName })} hook error: ${reason || 'Blocked by hook'}`;

/**
 * PM-01..PM-06, HK-06, HK-07, LM-02..LM-05: decides a tool call. In order: the limits, the
 * PreToolUse hooks (`deny` refuses, `allow` skips the client, `ask` asks it), the client's rules
 * and mode, then `can_use_tool` with `--permission-prompt-tool stdio` (else a listed denial).
 * `autoAllow`: a read the agent makes inside the session's directories needs no asking, as in
 * Claude Code. Until it is decided the call waits in `turn.permissions` (withdrawals answer it).
 */
export function judgeToolCall(
  context: MachineContext,
  turn: Turn,
  {
    settle,
    ...call
  }: Omit<PendingPermission, 'requestId'> & {
    readonly title?: string;
    readonly autoAllow?: boolean;
    /** Answers whoever asked, exactly once; `undefined` when withdrawn. */
    readonly settle: (outcome: PermissionOutcome | undefined) => void;
  },
) {
  const { state, launch } = context;
  const key = context.continuations.once('permission', settle);
  const entry: PendingPermission = { ...call, requestId: undefined };
  // First: a spent budget stops the turn, which must not withdraw this call unanswered.
  const refused = limitDenial(context, turn, call.toolName);
  turn.permissions.set(key, entry);
  const tool = call.toolCallId === undefined ? undefined : turn.tools.get(call.toolCallId);
  const current = () => turn.permissions.get(key) === entry;
  const finish = (outcome: PermissionOutcome, listed = true) => {
    if (!current()) return;
    turn.permissions.delete(key);
    context.continuations.resume(key, outcome);
    if (!outcome.allow) refuseToolCall(context, turn, entry, outcome.text, listed);
  };
  if (refused !== undefined) return finish({ allow: false, text: refused });
  const { toolName, toolUseId } = call;
  preToolUse(context, { tool, name: toolName, input: call.input, toolUseId }, (verdict) => {
    if (!current()) return;
    if (verdict.stop !== undefined) stopTurn(context, turn, hookStoppedEnding(verdict.stop));
    if (verdict.decision === 'deny' || verdict.block !== undefined)
      return finish({
        allow: false,
        text: hookDenialText(toolName, verdict.reason ?? verdict.block),
      });
    let input = call.input;
    if (verdict.updatedInput !== undefined && !sameJson(verdict.updatedInput, input)) {
      if (!call.inputChangeable)
        return finish({
          allow: false,
          text: hookDenialText(toolName, changedInputText('A PreToolUse hook')),
        });
      input = verdict.updatedInput;
    }
    const directories = { cwd: launch.cwd, additionalDirectories: launch.additionalDirectories };
    const base = { toolName, input, askTools: launch.askTools, ...directories };
    const lists = {
      allowedTools: launch.allowedTools ?? [],
      disallowedTools: state.client.disallowedTools,
    };
    withShellAnalysis(context, { ...base, ...lists }, (shell) => {
      if (!current()) return;
      const rules = { ...base, ...(shell === undefined ? {} : { shell }) };
      const decision = decidePermission({
        ...rules,
        ...lists,
        permissionMode: sessionOf(state)?.permissionMode ?? 'default',
      });
      if (decision === 'deny') return finish({ allow: false, text: policyDenialText(toolName) });
      // SE-04: an ask rule asks even what a hook or the session's directories would let through.
      const askRule =
        decision === 'ask' &&
        decidePermission({ ...rules, permissionMode: 'bypassPermissions' }) === 'ask';
      const allowed =
        decision === 'allow' ||
        (!askRule && (verdict.decision === 'allow' || call.autoAllow === true));
      if (verdict.decision !== 'ask' && allowed)
        return finish({ allow: true, input, always: false });
      // After the client closed its input nobody can answer a prompt: an "ask" is then a denial.
      if (launch.permissionPromptTool !== 'stdio' || state.client.input !== 'open')
        return finish({ allow: false, text: notGrantedText(toolName) });
      const description = shellAskReason(shell);
      askClient(
        context,
        turn,
        entry,
        { ...call, input, ...(description === undefined ? {} : { description }) },
        finish,
      );
    });
  });
}

/** PM-02..PM-05: the client's `can_use_tool`, and the Notification hooks of a waiting prompt. */
function askClient(
  context: MachineContext,
  turn: Turn,
  entry: PendingPermission,
  call: Omit<PendingPermission, 'requestId'> & {
    readonly title?: string;
    readonly description?: string;
  },
  finish: (outcome: PermissionOutcome) => void,
) {
  const { toolName, input, title } = call;
  const request = {
    subtype: 'can_use_tool' as const,
    tool_name: toolName,
    display_name: title === undefined || toolName.startsWith('mcp__') ? toolName : title,
    input: { ...input },
    permission_suggestions: call.allowAlways ? [alwaysAllowSuggestion(toolName)] : [],
    tool_use_id: call.toolUseId,
    ...(call.description === undefined ? {} : { description: call.description }),
    ...mcpProvenanceOf(context, toolName),
  };
  entry.requestId = context.clientRequests.ask(
    request,
    { scope: 'turn', idPrefix: 'acp-perm' },
    (answer) => {
      const read = readPermissionAnswer(answer);
      if (read === undefined) return;
      if (!read.allow) {
        finish({ allow: false, text: read.message });
        if (read.interrupt && context.state.turn === turn) interruptTurn(context);
        return;
      }
      const { updatedInput } = read;
      const changed = updatedInput !== undefined && !sameJson(updatedInput, input);
      if (changed && !call.inputChangeable)
        return finish({ allow: false, text: changedInputText('The client') });
      finish({ allow: true, input: changed ? updatedInput : input, always: read.always });
    },
  );
  const notification = {
    message: `Claude needs your permission to use ${toolName}`,
    notification_type: 'permission_prompt',
  };
  runHooks(context, {
    event: 'Notification',
    matchValue: 'permission_prompt',
    input: notification,
  });
}

/**
 * `session/request_permission` (PM-01, PM-02): the call's `tool_use` is announced first, then it
 * is judged ({@link judgeToolCall}). With no prompt in flight (or for another session) it is
 * answered `cancelled` at once (T-33; one answer each).
 */
export function onPermissionRequest(
  context: MachineContext,
  agentRequestId: JsonRpcId,
  request: PermissionRequestIn,
) {
  const { state } = context;
  const { phase, turn } = state;
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
  const frame = request.toolCall;
  const toolCallId = frame.toolCallId !== '' ? frame.toolCallId : undefined;
  const linked = runningCallFor(context, turn, frame);
  // A request without an id gets a call state of its own (not tracked), for its name and input.
  const tool = linked ?? (toolCallId ? toolCallOf(turn, toolCallId) : newToolCall(''));
  if (linked === undefined) updateToolCall(tool, frame, context.quirks);
  tool.permissionRequested = true;
  if (toolCallId !== undefined) announceToolCall(context, tool);
  else Object.assign(tool, describeToolCall(context, tool));
  const options = readPermissionOptions(request.options);
  const callId = linked?.id ?? toolCallId;
  judgeToolCall(context, turn, {
    toolCallId: callId,
    toolUseId: callId ?? `toolu_${context.newId()}`,
    toolName: tool.name,
    input: tool.input,
    ...(tool.title !== undefined && tool.title !== '' ? { title: tool.title } : {}),
    inputChangeable: false,
    allowAlways: options.allowAlways !== undefined,
    settle: (outcome) =>
      context.rpc.respond(agentRequestId, {
        outcome:
          outcome === undefined
            ? { outcome: 'cancelled' }
            : choosePermissionOption(options, {
                allow: outcome.allow,
                always: outcome.allow && outcome.always,
              }),
      }),
  });
}

/**
 * HK-08, LM-04: a call the agent runs without asking (first seen running or done). The limits,
 * the policy's deny rules and the PreToolUse hooks still judge it; a refusal cannot stop the call
 * (it may already have run), so it cancels the turn and is listed in `permission_denials`.
 */
export function judgeUnaskedToolCall(context: MachineContext, turn: Turn, tool: ToolCall) {
  const { name, input, id } = tool;
  const refuse = (text: string, terminalReason: string) => {
    if (tool.permissionRequested || context.state.turn !== turn || turn.stopping !== undefined)
      return;
    turn.denials.push({ tool_name: name, tool_use_id: id, tool_input: input });
    stopTurn(context, turn, unaskedDenialEnding(text, terminalReason));
  };
  const refused = limitDenial(context, turn, name);
  if (refused !== undefined) return refuse(refused, 'aborted_tools');
  const { launch, state } = context;
  const rules = {
    toolName: name,
    input,
    allowedTools: [],
    disallowedTools: state.client.disallowedTools,
    permissionMode: 'bypassPermissions',
    cwd: launch.cwd,
  };
  withShellAnalysis(context, rules, (shell) => {
    const denied = decidePermission({ ...rules, ...(shell === undefined ? {} : { shell }) });
    if (denied === 'deny') refuse(policyDenialText(name), 'aborted_tools');
  });
  preToolUse(context, { tool, name, input, toolUseId: id }, (verdict) => {
    if (verdict.stop !== undefined) stopTurn(context, turn, hookStoppedEnding(verdict.stop));
    if (verdict.decision === 'deny' || verdict.block !== undefined)
      refuse(hookDenialText(name, verdict.reason ?? verdict.block), 'hook_stopped');
  });
}
