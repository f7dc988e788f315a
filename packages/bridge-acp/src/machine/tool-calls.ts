import { isRecord } from '@agentbridge/core/contracts';
import type { ToolCall as AcpToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk/unstable';
import { buildToolResult } from '../north/client-lines.js';
import { decidePermission } from '../permissions/permission-rules.js';
import { isReadOnlyCommand, shellCommandLine } from '../permissions/shell-command.js';
import { buildToolInput } from '../tools/build-tool-input.js';
import { mapToolName, toolMetaKind } from '../tools/map-tool-name.js';
import {
  type ToolOutput,
  toolOutputFromContent,
  toolOutputFromRawOutput,
  toolResultContent,
} from '../tools/tool-output.js';
import type { MachineContext, ToolCall, Turn } from './bridge-state.js';
import { sessionOf } from './bridge-state.js';
import { emitWarning, identity } from './client-output.js';

/** A `tool_call` or `tool_call_update` frame, or a permission request's `toolCall`. */
type ToolCallFrame = Partial<AcpToolCall> | Partial<ToolCallUpdate>;

/** T-31: why a call still open at the end of a turn got a synthetic result. */
export const syntheticToolResultTexts = {
  cancelled: 'Cancelled before the tool call reported a result.',
  turnEnded: 'The agent ended the turn before this tool call reported a result.',
  agentExited: 'The agent process exited before this tool call reported a result.',
} as const;

/** The ACP kinds whose calls change things (the unasked-tool warning looks at these). */
const changingKinds = new Set(['edit', 'delete', 'move', 'execute']);
/** The Claude modes in which the client expects to be asked before a change. */
const askingModes = new Set(['default', 'plan', 'dontAsk']);

/** The state of `toolCallId` in the turn, created on first sight (T-01). */
export function toolCallOf(turn: Turn, toolCallId: string): ToolCall {
  let tool = turn.tools.get(toolCallId);
  if (tool === undefined) {
    tool = { id: toolCallId, name: 'Tool', input: {}, stage: 'seen', permissionRequested: false };
    turn.tools.set(toolCallId, tool);
  }
  return tool;
}

/** T-01: folds a frame's descriptive fields; a missing `kind` may come from `_meta` (T-12). */
export function updateToolCall(
  tool: ToolCall,
  frame: ToolCallFrame,
  metaKindKey: string | undefined,
): void {
  if ('title' in frame) tool.title = typeof frame.title === 'string' ? frame.title : undefined;
  if (typeof frame.kind === 'string') tool.kind = frame.kind;
  else if (metaKindKey !== undefined && tool.kind === undefined)
    tool.metaKind = toolMetaKind(frame._meta, metaKindKey) ?? tool.metaKind;
  if (isRecord(frame.rawInput)) tool.rawInput = frame.rawInput;
  const name = (frame as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '') tool.agentToolName = name;
  if (tool.stage !== 'seen') return;
  if (Array.isArray(frame.locations)) tool.locations = frame.locations;
  if (Array.isArray(frame.content)) {
    // The `newText` of a diff with an empty `oldText` is a file being written.
    for (const block of frame.content) {
      if (
        block?.type !== 'diff' ||
        (block.oldText !== undefined && block.oldText !== null && block.oldText !== '')
      )
        continue;
      if (typeof block.newText === 'string') {
        tool.writtenText = block.newText;
        break;
      }
    }
  }
}

/** T-03: announces the call as a `tool_use` block (name and input fixed from now on, T-02). */
export function announceToolCall(context: MachineContext, tool: ToolCall): void {
  if (tool.stage !== 'seen') return;
  tool.stage = 'announced';
  const kind = tool.kind ?? tool.metaKind;
  tool.name = mapToolName(
    {
      kind,
      title: tool.title,
      rawInput: tool.rawInput,
      metaKind: tool.metaKind,
      name: tool.agentToolName,
      toolCallId: tool.id,
    },
    { mcpServerNames: Object.keys(context.state.client.mcpServers), quirks: context.quirks },
  );
  tool.input = buildToolInput(
    {
      title: tool.title,
      kind,
      rawInput: tool.rawInput,
      locations: tool.locations,
      writtenText: tool.writtenText,
    },
    tool.name,
    context.quirks.mcpArgumentEnvelopes,
  );
  context.stream.toolUse({ id: tool.id, name: tool.name, input: tool.input });
}

/** The output a call reports now: its latest `content`, else its `rawOutput` (T-20, T-21). */
function currentOutput(tool: ToolCall): ToolOutput | undefined {
  const content = tool.contentOutput;
  if (content !== undefined && (content.text !== '' || content.images.length > 0)) return content;
  if (tool.rawOutput !== undefined) return toolOutputFromRawOutput(tool.rawOutput);
  return content;
}

/**
 * T-30: the call's one `tool_result` (the open assistant message ends first, as the real CLI ends
 * a message before running its tools). `text` replaces the collected output.
 */
export function completeToolCall(
  context: MachineContext,
  tool: ToolCall,
  isError: boolean,
  text?: string,
): void {
  if (tool.stage === 'completed') return;
  announceToolCall(context, tool);
  tool.stage = 'completed';
  context.stream.endMessage('tool_use');
  const output = text === undefined ? currentOutput(tool) : undefined;
  context.send(
    buildToolResult({
      ...identity(context),
      toolUseId: tool.id,
      content: text ?? (output === undefined ? '' : toolResultContent(output)),
      isError,
    }),
  );
}

/**
 * T-01, T-20..T-22, T-33: one `tool_call` / `tool_call_update` frame. Output is replaced by a
 * frame's `content` (ACP semantics; the seed appended). Frames after completion change state only.
 */
export function applyToolCallFrame(context: MachineContext, frame: ToolCallFrame): void {
  const turn = context.state.turn;
  const toolCallId = frame.toolCallId;
  if (turn === undefined || typeof toolCallId !== 'string' || toolCallId === '') return;
  const tool = toolCallOf(turn, toolCallId);
  updateToolCall(tool, frame, context.quirks.toolKindMetaKey);
  if (Array.isArray(frame.content)) tool.contentOutput = toolOutputFromContent(frame.content);
  if (frame.rawOutput !== undefined && frame.rawOutput !== null) tool.rawOutput = frame.rawOutput;
  if (tool.stage === 'completed') return;
  announceToolCall(context, tool);
  const status = frame.status;
  if (status === 'in_progress' || status === 'completed' || status === 'failed')
    warnIfUnasked(context, tool);
  if (status === 'completed' || status === 'failed')
    completeToolCall(context, tool, status === 'failed');
}

/** T-31: every announced call still open gets a result, in arrival order; then the calls are forgotten. */
export function settleOpenToolCalls(context: MachineContext, turn: Turn, reason: string): void {
  for (const tool of turn.tools.values()) {
    if (tool.stage !== 'announced') continue;
    const output = currentOutput(tool);
    const hasOutput = output !== undefined && (output.text !== '' || output.images.length > 0);
    completeToolCall(context, tool, false, hasOutput ? undefined : reason);
  }
  turn.tools.clear();
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
  if (kind === 'execute') {
    const commandLine = shellCommandLine(tool.input) ?? tool.title;
    // A read-only command (agents run `ls`, `echo` in their sandbox) is not worth a warning.
    if (commandLine === undefined || isReadOnlyCommand(commandLine)) return;
  }
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
