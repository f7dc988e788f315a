import { createHarness, type Harness, type Line } from '../../__fixtures__/bridge-harness.js';

export const allOptions = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

/** A ready bridge whose client registered `hooks` in its `initialize`. */
export function hookHarness(hooks: Line, launch: Line = {}) {
  const harness = createHarness({ launch: { permissionPromptTool: 'stdio', ...launch } });
  harness.client({
    type: 'control_request',
    request_id: 'init',
    request: { subtype: 'initialize', hooks },
  });
  return harness;
}

export const hookCalls = (harness: Harness) =>
  harness
    .linesOf('control_request')
    .filter((line) => line.request.subtype === 'hook_callback')
    .map((line) => ({ id: line.request_id as string, ...line.request }));

export const lastHook = (harness: Harness) => hookCalls(harness).at(-1) as Line;

export function answer(harness: Harness, requestId: string, response: Line) {
  harness.client({
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response },
  });
}

export function askBash(harness: Harness, id = 7, command = 'rm -rf build') {
  harness.agent({
    jsonrpc: '2.0',
    id,
    method: 'session/request_permission',
    params: {
      sessionId: 'sess-1',
      toolCall: {
        toolCallId: `call_${id}`,
        title: command,
        kind: 'execute',
        rawInput: { command },
      },
      options: allOptions,
    },
  });
}

export const agentAnswer = (harness: Harness, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined)?.result;
export const canUseTools = (harness: Harness) =>
  harness.linesOf('control_request').filter((line) => line.request.subtype === 'can_use_tool');
export const toolResults = (harness: Harness) =>
  harness
    .linesOf('user')
    .flatMap((line) => line.message.content)
    .filter((block: Line) => block.type === 'tool_result');
export const preToolUse = (reply: Line) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...reply },
});
