import type { Line } from './bridge-harness.js';
import { seedInitializeResult, seedSessionResult } from './bridge-harness.js';

/**
 * An update whose content carries `[tag]`: the prompt the agent works on when it sends it
 * (`p<id>`), `none` when it works on none, `other` for another session.
 */
function updateFor(index: number, toolId: number, tag: string): Line {
  const toolCallId = `tool-${toolId}`;
  const updates: Line[] = [
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `hello [${tag}] ` } },
    {
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: `world [${tag}]` },
      messageId: `m${toolId}`,
    },
    { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `hmm [${tag}]` } },
    {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: 'rm x',
      kind: 'execute',
      rawInput: { command: `rm x [${tag}]` },
      status: 'pending',
    },
    { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: `ok [${tag}]` } }],
    },
    { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed', rawOutput: { error: 'no' } },
    { sessionUpdate: 'usage_update', used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' } },
    { sessionUpdate: 'current_mode_update', currentModeId: toolId === 0 ? 'yolo' : 'default' },
    {
      sessionUpdate: 'available_commands_update',
      availableCommands: [{ name: 'compact', description: '' }],
    },
  ];
  return updates[index % updates.length] ?? {};
}

function resultFor(method: string, stopReason: string): unknown {
  switch (method) {
    case 'initialize':
      return seedInitializeResult();
    case 'session/new':
      return seedSessionResult();
    case 'session/prompt':
      return { stopReason };
    default:
      return {};
  }
}

/** A `session/update` notification for `sess-1` (or another session) carrying update `index`. */
export function updateLine(
  index: number,
  toolId: number,
  tag: string,
  otherSession: boolean,
): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: otherSession ? 'other' : 'sess-1',
      update: updateFor(index, toolId, tag),
    },
  });
}

/** The agent's answer to one of the bridge's requests: a result, or a JSON-RPC error. */
export function replyLine(request: Line, fail: boolean, stopReason: string): string {
  const reply = fail
    ? { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'failed' } }
    : {
        jsonrpc: '2.0',
        id: request.id,
        result: resultFor(request.method, stopReason),
      };
  return JSON.stringify(reply);
}

/** A `session/request_permission` for `tool-<toolId>`, with an allow-always option or not. */
export function permissionRequestLine(
  requestId: number | string,
  toolId: number,
  withAlways: boolean,
  tag: string,
): string {
  const options = [
    { optionId: 'once', name: 'Allow', kind: 'allow_once' },
    ...(withAlways ? [{ optionId: 'always', name: 'Always', kind: 'allow_always' }] : []),
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  ];
  return JSON.stringify({
    jsonrpc: '2.0',
    id: requestId,
    method: 'session/request_permission',
    params: {
      sessionId: 'sess-1',
      toolCall: {
        toolCallId: `tool-${toolId}`,
        title: 'rm x',
        kind: 'execute',
        rawInput: { command: `rm x [${tag}]` },
      },
      options,
    },
  });
}

/** An `fs/read_text_file` request from the agent. */
export function fsRequestLine(requestId: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: requestId,
    method: 'fs/read_text_file',
    params: { sessionId: 'sess-1', path: '/proj/x' },
  });
}
