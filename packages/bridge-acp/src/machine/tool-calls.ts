import { buildToolResult } from '../north/client-lines.js';
import { decidePermission } from '../permissions/permission-rules.js';
import { isReadOnlyCommand, shellCommandLine } from '../permissions/read-only-command.js';
import { buildToolInput } from '../tools/build-tool-input.js';
import { mapToolName, toolMetaKind } from '../tools/map-tool-name.js';
import type { ToolOutput } from '../tools/tool-output.js';
import {
  toolOutputFromContent,
  toolOutputFromRawOutput,
  toolResultContent,
} from '../tools/tool-output.js';
import type { ToolCallState } from './bridge-state.js';
import { emitWarning } from './client-messages.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';

/** T-31: why a call still open at the end of a turn got a synthetic result. */
export const syntheticToolResultTexts = {
  cancelled: 'Cancelled before the tool call reported a result.',
  turnEnded: 'The agent ended the turn before this tool call reported a result.',
  agentExited: 'The agent process exited before this tool call reported a result.',
} as const;

/**
 * The ACP kinds whose calls change things (the unasked-tool warning looks at these; an `execute`
 * call only when its command is not read-only).
 */
const changingKinds = new Set(['edit', 'delete', 'move', 'execute']);

/** The Claude modes in which the client expects to be asked before a change. */
const askingModes = new Set(['default', 'plan', 'dontAsk']);

/** The state of `toolCallId`, created on first sight (an update for an unknown id creates it, T-01). */
export function toolCallState(context: MachineContext, toolCallId: string): ToolCallState {
  let tool = context.state.tools.get(toolCallId);
  if (tool === undefined) {
    tool = {
      id: toolCallId,
      title: undefined,
      kind: undefined,
      metaKind: undefined,
      agentToolName: undefined,
      rawInput: undefined,
      locations: undefined,
      writtenText: undefined,
      name: 'Tool',
      input: {},
      announced: false,
      completed: false,
      permissionRequested: false,
      contentOutput: undefined,
      rawOutput: undefined,
    };
    context.state.tools.set(toolCallId, tool);
  }
  return tool;
}

/**
 * T-01: folds the descriptive fields of a frame (`title`, `kind`, `rawInput`, `locations`); a
 * missing `kind` is read from `_meta` under `metaKindKey` (`quirks.toolKindMetaKey`) when given.
 */
export function updateToolCall(
  tool: ToolCallState,
  frame: Record<string, unknown>,
  metaKindKey: string | undefined,
): void {
  if ('title' in frame) tool.title = typeof frame.title === 'string' ? frame.title : undefined;
  if (typeof frame.kind === 'string') tool.kind = frame.kind;
  else if (metaKindKey !== undefined && tool.kind === undefined)
    tool.metaKind = toolMetaKind(frame._meta, metaKindKey) ?? tool.metaKind;
  if (isRecord(frame.rawInput)) tool.rawInput = frame.rawInput;
  if (typeof frame.name === 'string' && frame.name !== '') tool.agentToolName = frame.name;
  if (!tool.announced && Array.isArray(frame.locations)) tool.locations = frame.locations;
  if (!tool.announced && Array.isArray(frame.content)) {
    tool.writtenText = newFileText(frame.content) ?? tool.writtenText;
  }
}

/** The `newText` of the first diff block with an empty or absent `oldText` (a file being written). */
function newFileText(content: readonly unknown[]): string | undefined {
  for (const block of content) {
    if (!isRecord(block) || block.type !== 'diff') continue;
    const oldText = block.oldText;
    if (oldText !== undefined && oldText !== null && oldText !== '') continue;
    if (typeof block.newText === 'string') return block.newText;
  }
  return undefined;
}

/** T-03: announces the call as a `tool_use` block (name and input fixed from now on, T-02). */
export function announceToolCall(context: MachineContext, tool: ToolCallState): void {
  if (tool.announced) return;
  tool.announced = true;
  const kind = tool.kind ?? tool.metaKind;
  tool.name = mapToolName(
    {
      ...(kind !== undefined ? { kind } : {}),
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.rawInput !== undefined ? { rawInput: tool.rawInput } : {}),
      ...(tool.metaKind !== undefined ? { metaKind: tool.metaKind } : {}),
      ...(tool.agentToolName !== undefined ? { name: tool.agentToolName } : {}),
      toolCallId: tool.id,
    },
    { mcpServerNames: context.state.mcpServerNames, quirks: context.quirks },
  );
  tool.input = buildToolInput(
    {
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(kind !== undefined ? { kind } : {}),
      ...(tool.rawInput !== undefined ? { rawInput: tool.rawInput } : {}),
      ...(tool.locations !== undefined ? { locations: tool.locations } : {}),
      ...(tool.writtenText !== undefined ? { writtenText: tool.writtenText } : {}),
    },
    tool.name,
    context.quirks.mcpArgumentEnvelopes,
  );
  context.stream.toolUse({ id: tool.id, name: tool.name, input: tool.input });
}

/** The output a call reports now: its latest `content`, else its `rawOutput` (T-20, T-21). */
function currentOutput(tool: ToolCallState): ToolOutput | undefined {
  const content = tool.contentOutput;
  if (content !== undefined && (content.text !== '' || content.images.length > 0)) return content;
  if (tool.rawOutput !== undefined) return toolOutputFromRawOutput(tool.rawOutput);
  return content;
}

/**
 * T-30: emits the call's one `tool_result` (the open assistant message is closed first, as the
 * real CLI ends a message before running its tools). `text` replaces the collected output.
 */
export function completeToolCall(
  context: MachineContext,
  tool: ToolCallState,
  isError: boolean,
  text?: string,
): void {
  if (tool.completed) return;
  tool.completed = true;
  if (!tool.announced) announceToolCall(context, tool);
  context.stream.endMessage('tool_use');
  const output = text === undefined ? currentOutput(tool) : undefined;
  const content = text !== undefined ? text : output !== undefined ? toolResultContent(output) : '';
  context.emit(
    buildToolResult({
      sessionId: context.state.sessionId ?? '',
      uuid: context.newId(),
      toolUseId: tool.id,
      content,
      isError,
    }),
  );
}

/**
 * T-01, T-20..T-22, T-33: one `tool_call` / `tool_call_update` frame. Output is **replaced** by a
 * frame's `content` (ACP semantics; the seed appended). Frames after completion update state only.
 */
export function applyToolCallFrame(context: MachineContext, frame: Record<string, unknown>): void {
  const toolCallId = frame.toolCallId;
  if (typeof toolCallId !== 'string' || toolCallId === '') return;
  const tool = toolCallState(context, toolCallId);
  updateToolCall(tool, frame, context.quirks.toolKindMetaKey);
  if (Array.isArray(frame.content)) tool.contentOutput = toolOutputFromContent(frame.content);
  if (frame.rawOutput !== undefined && frame.rawOutput !== null) tool.rawOutput = frame.rawOutput;
  if (tool.completed) return;
  announceToolCall(context, tool);
  const status = frame.status;
  if (status === 'in_progress' || status === 'completed' || status === 'failed') {
    warnIfUnasked(context, tool);
  }
  if (status === 'completed' || status === 'failed')
    completeToolCall(context, tool, status === 'failed');
}

/**
 * T-31: every announced call still open gets a result before the turn's `result`, in arrival
 * order, then all tool state is cleared (T-32: only at turn end).
 */
export function settleOpenToolCalls(context: MachineContext, reason: string): void {
  for (const tool of context.state.tools.values()) {
    if (!tool.announced || tool.completed) continue;
    const output = currentOutput(tool);
    const hasOutput = output !== undefined && (output.text !== '' || output.images.length > 0);
    completeToolCall(context, tool, false, hasOutput ? undefined : reason);
  }
  context.state.tools.clear();
}

/**
 * A changing tool (edit, delete, move, or a command that is not read-only) ran with no permission
 * request while the client's mode expects one: warn once per session (the agent's own policy
 * decided instead of the client's).
 */
function warnIfUnasked(context: MachineContext, tool: ToolCallState): void {
  const { state, launch } = context;
  if (state.unaskedToolWarned || tool.permissionRequested) return;
  const kind = tool.kind ?? tool.metaKind;
  if (kind === undefined || !changingKinds.has(kind) || !askingModes.has(state.permissionMode))
    return;
  if (kind === 'execute') {
    const commandLine = shellCommandLine(tool.input) ?? tool.title;
    // A read-only command (agents run `ls`, `echo` in their sandbox) is not worth a warning.
    if (commandLine === undefined || isReadOnlyCommand(commandLine)) return;
  }
  const decision = decidePermission({
    toolName: tool.name,
    input: tool.input,
    allowedTools: launch.allowedTools ?? [],
    disallowedTools: state.disallowedTools,
    permissionMode: state.permissionMode,
    cwd: launch.cwd,
  });
  if (decision === 'allow') return;
  state.unaskedToolWarned = true;
  emitWarning(
    context,
    `The agent ran ${tool.name} without asking for permission, although the permission mode is '${state.permissionMode}'. Its own approval settings decided; adjust them in the agent if every change should be confirmed.`,
  );
}
