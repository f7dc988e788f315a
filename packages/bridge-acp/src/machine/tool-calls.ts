import type { BackendQuirks } from '@agentbridge/core/contracts';
import type { PlanEntry } from '@agentclientprotocol/sdk/unstable';
import { metaField, type ToolFrame } from '../json-rpc/session-update-schemas.js';
import { claudeToolName, mcpServerNamesOf } from '../mcp/mcp-state.js';
import { buildToolResult } from '../north/client-lines.js';
import { buildToolInput } from '../tools/build-tool-input.js';
import { todoWriteResultText } from '../tools/claude-tools.js';
import { mapToolName, rawInputFromContent, toolMetaKind } from '../tools/map-tool-name.js';
import {
  type ToolOutput,
  toolOutputFromRawOutput,
  toolResultContent,
} from '../tools/tool-output.js';
import type { MachineContext, ToolCall, Turn } from './bridge-state.js';
import { identity } from './client-output.js';

/** A `tool_call` or `tool_call_update` frame, or a permission request's `toolCall`, as parsed. */
export type ToolCallFrame = ToolFrame;

/** T-31: why a call still open at the end of a turn got a synthetic result. */
export const syntheticToolResultTexts = {
  cancelled: 'Cancelled before the tool call reported a result.',
  turnEnded: 'The agent ended the turn before this tool call reported a result.',
  agentExited: 'The agent process exited before this tool call reported a result.',
} as const;

/** A call nothing is known of yet. */
export const newToolCall = (id: string): ToolCall => ({
  id,
  name: 'Tool',
  input: {},
  stage: 'seen',
  permissionRequested: false,
});

/** The state of `toolCallId` in the turn, created on first sight (T-01). */
export function toolCallOf(turn: Turn, toolCallId: string): ToolCall {
  let tool = turn.tools.get(toolCallId);
  if (tool === undefined) {
    tool = newToolCall(toolCallId);
    turn.tools.set(toolCallId, tool);
  }
  return tool;
}

/** T-01, T-14: folds a frame's facts; a missing `kind` may come from `_meta` (T-12). */
export function updateToolCall(tool: ToolCall, frame: ToolCallFrame, quirks: BackendQuirks): void {
  if ('title' in frame) tool.title = typeof frame.title === 'string' ? frame.title : undefined;
  if (frame.kind !== undefined) tool.kind = frame.kind;
  else if (quirks.toolKindMetaKey !== undefined && tool.kind === undefined)
    tool.metaKind = toolMetaKind(frame._meta, quirks.toolKindMetaKey) ?? tool.metaKind;
  if (frame.status !== undefined) tool.status = frame.status;
  if (frame.rawInput !== undefined) tool.rawInput = frame.rawInput;
  else if (quirks.rawInputFromContentJson === true && tool.rawInput === undefined)
    tool.rawInput = rawInputFromContent(frame.content);
  if (frame.name !== undefined && frame.name !== '') tool.agentToolName = frame.name;
  const meta = frame._meta;
  const metaName = metaField(meta, quirks.toolNameMetaKey);
  if (typeof metaName === 'string' && metaName !== '') tool.metaName = metaName;
  const claudeCode = meta?.claudeCode;
  if (claudeCode?.toolName !== undefined) tool.claudeName = claudeCode.toolName;
  if (claudeCode?.toolResponse !== undefined) tool.toolResponse = claudeCode.toolResponse;
  const output = meta?.terminal_output?.data;
  if (output !== undefined) tool.terminalOutput = (tool.terminalOutput ?? '') + output;
  const exit = meta?.terminal_exit?.exit_code;
  if (exit !== undefined) tool.terminalExitCode = exit;
  if (frame.locations !== undefined) tool.locations = frame.locations;
  if (frame.content !== undefined)
    tool.diff = frame.content.find((block) => block?.type === 'diff') ?? tool.diff;
}

/** T-04, T-10: the Claude name and input the call has now. */
export function describeToolCall(context: MachineContext, tool: ToolCall) {
  const { quirks } = context;
  const name = mapToolName(
    { ...tool, kind: tool.kind ?? tool.metaKind, name: tool.agentToolName, toolCallId: tool.id },
    { mcpServerNames: mcpServerNamesOf(context), quirks },
  );
  return { name: claudeToolName(name), input: buildToolInput(tool, name, quirks) };
}

/** T-03: announces the call as a `tool_use` block (name and input fixed from now on, T-02). */
export function announceToolCall(context: MachineContext, tool: ToolCall): void {
  if (tool.stage !== 'seen') return;
  tool.stage = 'announced';
  const { name, input } = describeToolCall(context, tool);
  tool.name = name;
  tool.input = input;
  context.stream.toolUse({ id: tool.id, name, input });
}

/**
 * T-40: an ACP `plan` as the `TodoWrite` call the real CLI writes for its todo list: a `tool_use`
 * `{todos:[{content, status}]}` and its `tool_result` (ACP has no `activeForm`).
 */
export function applyPlan(context: MachineContext, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  const todos = entries.flatMap((entry: Partial<PlanEntry> | null) =>
    typeof entry?.content === 'string' && typeof entry.status === 'string'
      ? [{ content: entry.content, status: entry.status }]
      : [],
  );
  const id = `toolu_${context.newId()}`;
  context.stream.toolUse({ id, name: 'TodoWrite', input: { todos } });
  context.stream.endMessage('tool_use');
  context.send(
    buildToolResult({
      ...identity(context),
      toolUseId: id,
      content: todoWriteResultText,
      isError: false,
    }),
  );
}

/**
 * The output a call reports now: its latest `content`, else its `rawOutput` (T-20, T-21); the
 * `rawOutput` first with `quirks.rawOutputIsToolResult`.
 */
export function currentOutput(context: MachineContext, tool: ToolCall): ToolOutput | undefined {
  if (context.quirks.rawOutputIsToolResult === true && tool.rawOutput !== undefined)
    return toolOutputFromRawOutput(tool.rawOutput);
  const content = tool.contentOutput;
  const terminal = terminalOutputOf(tool);
  // GA-09: output reported beside the terminal stands for the `[terminal <id>]` placeholder.
  if (terminal !== undefined && /^(\[terminal [^\]\n]*\]\n?)*$/.test(content?.text ?? ''))
    return { text: terminal, images: content?.images ?? [] };
  if (content !== undefined && (content.text !== '' || content.images.length > 0)) return content;
  if (tool.rawOutput !== undefined) return toolOutputFromRawOutput(tool.rawOutput);
  return content;
}

/** GA-09: the agent's own terminal output (`_meta.terminal_output`), else a non-zero exit. */
function terminalOutputOf(tool: ToolCall): string | undefined {
  const text = tool.terminalOutput?.replace(/\n$/, '');
  if (text !== undefined && text !== '') return text;
  const code = tool.terminalExitCode;
  return code !== undefined && code !== 0 ? `Exit code ${code}` : text;
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
  const output = text === undefined ? currentOutput(context, tool) : undefined;
  context.send(
    buildToolResult({
      ...identity(context),
      toolUseId: tool.id,
      content: text ?? (output === undefined ? '' : toolResultContent(output)),
      isError,
      toolUseResult: text === undefined ? tool.toolResponse : undefined,
    }),
  );
}

/** T-31: every call still open is announced and gets a result, in arrival order; then the calls are forgotten. */
export function settleOpenToolCalls(context: MachineContext, turn: Turn, reason: string): void {
  for (const tool of turn.tools.values()) {
    if (tool.stage === 'completed') continue;
    const output = currentOutput(context, tool);
    const hasOutput = output !== undefined && (output.text !== '' || output.images.length > 0);
    completeToolCall(context, tool, false, hasOutput ? undefined : reason);
  }
  turn.tools.clear();
}
