import { createHarness, type Harness, type Line } from '../../__fixtures__/bridge-harness.js';

/** One allow and one reject option, as Gemini CLI offers them. */
export const allOptions = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

export function limitsHarness(limits: Line, options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({
    ...options,
    launch: { allowedTools: ['Bash'], ...options.launch, limits },
  });
  harness.initialize();
  harness.user('go');
  return harness;
}

export function askBash(harness: Harness, id: number, command = 'ls') {
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

export const finish = (harness: Harness, id: number) =>
  harness.update({
    sessionUpdate: 'tool_call_update',
    toolCallId: `call_${id}`,
    status: 'completed',
  });
export const agentAnswer = (harness: Harness, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined)?.result;
export const result = (harness: Harness) => harness.linesOf('result').at(-1);
export const warnings = (harness: Harness) =>
  harness.linesOf('system', 'informational').map((line) => line.content as string);
export const allow = { outcome: { outcome: 'selected', optionId: 'proceed_once' } };
export const reject = { outcome: { outcome: 'selected', optionId: 'cancel' } };
