import { createHarness, type Harness, type Line } from '../../__fixtures__/bridge-harness.js';

export {
  agentAnswer,
  allowOrReject,
  askBash,
} from '../../machine/__fixtures__/permission-harness.js';

export function limitsHarness(limits: Line, options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({
    ...options,
    launch: { allowedTools: ['Bash'], ...options.launch, limits },
  });
  harness.initialize();
  harness.user('go');
  return harness;
}

export const finish = (harness: Harness, id: number) =>
  harness.update({
    sessionUpdate: 'tool_call_update',
    toolCallId: `call_${id}`,
    status: 'completed',
  });
export const result = (harness: Harness) => harness.linesOf('result').at(-1);
export const warnings = (harness: Harness) =>
  harness.linesOf('system', 'informational').map((line) => line.content as string);
export const allow = { outcome: { outcome: 'selected', optionId: 'proceed_once' } };
export const reject = { outcome: { outcome: 'selected', optionId: 'cancel' } };
