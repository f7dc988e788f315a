import { createHarness, type Harness, type Line } from '../../__fixtures__/bridge-harness.js';

export { agentAnswer, askBash } from '../../machine/__fixtures__/permission-harness.js';

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
