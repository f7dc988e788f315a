import { createHarness } from '../../__fixtures__/bridge-harness.js';

export const allOptions = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'proceed_always', name: 'Always', kind: 'allow_always' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

export function permissionHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({
    ...options,
    launch: { permissionPromptTool: 'stdio', ...options.launch },
  });
  harness.initialize();
  harness.user('go');
  return harness;
}

export function requestPermission(
  harness: ReturnType<typeof createHarness>,
  id: number | string = 7,
  toolCall: Record<string, unknown> = {
    toolCallId: 'call_p',
    title: 'rm -rf build',
    kind: 'execute',
    rawInput: { command: 'rm -rf build' },
  },
  options: unknown[] = allOptions,
) {
  harness.agent({
    jsonrpc: '2.0',
    id,
    method: 'session/request_permission',
    params: { sessionId: 'sess-1', toolCall, options },
  });
}

/** One allow and one reject option, as Gemini CLI offers them. */
export const allowOrReject = allOptions.filter(({ kind }) => kind !== 'allow_always');

/** The agent asks to run `command` (tool call `call_<id>`, kind `execute`) with {@link allowOrReject}. */
export function askBash(
  harness: ReturnType<typeof createHarness>,
  id = 7,
  command = 'rm -rf build',
) {
  const toolCall = {
    toolCallId: `call_${id}`,
    title: command,
    kind: 'execute',
    rawInput: { command },
  };
  requestPermission(harness, id, toolCall, allowOrReject);
}

/** The bridge's answer (`result`) to the agent's request `id`. */
export const agentAnswer = (harness: ReturnType<typeof createHarness>, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined)?.result;

export const answers = (harness: ReturnType<typeof createHarness>) =>
  harness.toAgentLines.filter((line) => line.method === undefined && line.id !== undefined);
