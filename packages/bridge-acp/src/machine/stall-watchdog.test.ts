import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';
import { chunk } from '../__fixtures__/ready-harness.js';
import { stallTimerId } from './stall-watchdog.js';

const stallTimers = (harness: ReturnType<typeof createHarness>) =>
  harness.actions.flatMap((action) =>
    action.type === 'start-timer' && action.timerId === stallTimerId ? [action.delayMs] : [],
  );

function turnHarness(stallTimeoutMs?: number) {
  const harness = createHarness(stallTimeoutMs === undefined ? {} : { launch: { stallTimeoutMs } });
  harness.initialize();
  harness.user('go');
  return harness;
}

describe('the stall watchdog', () => {
  it('GA-14 a prompt arms a host timer of 10 minutes by default; the bridge keeps no timer of its own', () => {
    const harness = turnHarness();
    expect(stallTimers(harness)).toEqual([600_000]);
  });

  it('GA-14 output in a period starts the next; a whole silent period cancels the prompt and ends the turn with an error', () => {
    const harness = turnHarness(60_000);
    harness.update(chunk('Working'));
    harness.bridge.onTimer(stallTimerId);
    expect(harness.linesOf('result')).toEqual([]);
    expect(stallTimers(harness)).toEqual([60_000, 60_000]);
    harness.bridge.onTimer(stallTimerId);
    expect(harness.sent('session/cancel')).toHaveLength(1);
    const [result] = harness.linesOf('result');
    expect(result).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      errors: [expect.stringContaining('wrote nothing for 60 s')],
    });
  });

  it('GA-14 a permission waiting for the client is no stall', () => {
    const harness = createHarness({
      launch: { stallTimeoutMs: 1_000, permissionPromptTool: 'stdio' },
    });
    harness.initialize();
    harness.user('go');
    harness.agent({
      jsonrpc: '2.0',
      id: 4,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: {
          toolCallId: 'c1',
          title: 'rm x',
          kind: 'execute',
          rawInput: { command: 'rm x' },
        },
        options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }],
      },
    });
    harness.bridge.onTimer(stallTimerId);
    expect(harness.linesOf('result')).toEqual([]);
    expect(harness.sent('session/cancel')).toEqual([]);
  });
});
