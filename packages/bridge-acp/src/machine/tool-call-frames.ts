import { decidePermission } from '../permissions/permission-rules.js';
import { isReadOnlyShell, shellCommandLine } from '../permissions/read-only-command.js';
import { isInputKnown } from '../tools/build-tool-input.js';
import { toolOutputFromContent } from '../tools/tool-output.js';
import type { MachineContext, ToolCall } from './bridge-state.js';
import { sessionOf } from './bridge-state.js';
import { emitWarning } from './client-output.js';
import { judgeUnaskedToolCall } from './permissions.js';
import { settleToolCall } from './settle-tool-call.js';
import {
  announceToolCall,
  describeToolCall,
  type ToolCallFrame,
  toolCallOf,
  updateToolCall,
} from './tool-calls.js';

/** The ACP kinds whose calls change things (the unasked-tool warning looks at these). */
const changingKinds = new Set(['edit', 'delete', 'move', 'execute']);
/** The Claude modes in which the client expects to be asked before a change. */
const askingModes = new Set(['default', 'plan', 'dontAsk']);

/**
 * T-01, T-20..T-22, T-33: one `tool_call` / `tool_call_update` frame. Output is replaced by a
 * frame's `content` (ACP semantics; the seed appended). Frames after completion change state only.
 */
export function applyToolCallFrame(context: MachineContext, frame: ToolCallFrame): void {
  const turn = context.state.turn;
  const toolCallId = frame.toolCallId;
  if (turn === undefined || typeof toolCallId !== 'string' || toolCallId === '') return;
  const tool = toolCallOf(turn, toolCallId);
  updateToolCall(tool, frame, context.quirks);
  if (Array.isArray(frame.content)) tool.contentOutput = toolOutputFromContent(frame.content);
  if (frame.rawOutput !== undefined && frame.rawOutput !== null) tool.rawOutput = frame.rawOutput;
  if (tool.stage === 'completed') return;
  const status = tool.status;
  const ended = status === 'completed' || status === 'failed';
  // T-06: a pending call's input may still stream (ACP); a running one is shown once its input is
  // whole, an ended one at once.
  if (ended || (status === 'in_progress' && isInputKnown(describeToolCall(context, tool))))
    announceToolCall(context, tool);
  // HK-08: a call seen running (or done) that nobody was asked about is judged now.
  if (tool.stage === 'announced' && !tool.permissionRequested && tool.preToolUse === undefined)
    judgeUnaskedToolCall(context, turn, tool);
  if (!ended) return;
  // An agent may report a call running while it still asks for it: judge at the end.
  warnIfUnasked(context, tool);
  settleToolCall(context, turn, tool, status === 'failed');
}

/**
 * A changing tool (edit, delete, move, or a command that is not read-only) ran without a permission
 * request while the client's mode expects one: warn once per session (the agent's policy decided).
 */
function warnIfUnasked(context: MachineContext, tool: ToolCall): void {
  const session = sessionOf(context.state);
  if (session === undefined || session.unaskedToolWarned || tool.permissionRequested) return;
  const kind = tool.kind ?? tool.metaKind;
  if (kind === undefined || !changingKinds.has(kind) || !askingModes.has(session.permissionMode))
    return;
  if (kind !== 'execute') {
    warnUnasked(context, tool);
    return;
  }
  const commandLine = shellCommandLine(tool.input) ?? tool.title;
  if (commandLine === undefined) return;
  // A read-only command (agents run `ls`, `echo` in their sandbox) is not worth a warning; the
  // grammar reads the line (loaded on the first such call only).
  context.host.perform('shell/parse', { command: commandLine }, (result) => {
    if (!result.ok || !isReadOnlyShell(result.value)) warnUnasked(context, tool);
  });
}

function warnUnasked(context: MachineContext, tool: ToolCall): void {
  const session = sessionOf(context.state);
  if (session === undefined || session.unaskedToolWarned) return;
  const decision = decidePermission({
    toolName: tool.name,
    input: tool.input,
    allowedTools: context.launch.allowedTools ?? [],
    disallowedTools: context.state.client.disallowedTools,
    permissionMode: session.permissionMode,
    cwd: context.launch.cwd,
  });
  if (decision === 'allow') return;
  session.unaskedToolWarned = true;
  emitWarning(
    context,
    `The agent ran ${tool.name} without asking for permission, although the permission mode is '${session.permissionMode}'. Its own approval settings decided; adjust them in the agent if every change should be confirmed.`,
  );
}
