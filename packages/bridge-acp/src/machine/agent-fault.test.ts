import { describe, expect, it } from 'vitest';
import { createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';

const chunk = (text: string) => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
});

function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  harness.initialize();
  harness.user('go');
  return harness;
}

describe('agent faults reported by the host', () => {
  it('GA-02 line-too-long mid-prompt is said in-band as a warning, dropped, and the turn goes on', () => {
    const harness = turnHarness();
    harness.update(chunk('Reading.'));
    const mark = harness.clientLines.length;
    const message = 'The agent wrote a line over 32 MiB; it was dropped.';
    harness.bridge.onAgentFault({ kind: 'line-too-long', message });
    expect(harness.since(mark)).toEqual([
      expect.objectContaining({
        type: 'system',
        subtype: 'informational',
        level: 'warning',
        content: message,
      }),
    ]);
    expect(harness.sent('session/cancel')).toHaveLength(0);
    harness.update(chunk(' Done.'));
    harness.respond(harness.lastRequest('session/prompt').id, { stopReason: 'end_turn' });
    const results = harness.linesOf('result');
    expect(results).toEqual([
      expect.objectContaining({ subtype: 'success', is_error: false, result: 'Reading. Done.' }),
    ]);
  });

  it('GA-01 F-04 a malformed line (not JSON) mid-prompt is logged and skipped: the turn goes on', () => {
    const harness = turnHarness();
    const mark = harness.clientLines.length;
    harness.agent('{not json at all');
    harness.agent('{"jsonrpc":"2.0","id":3,"result":{"stopRea');
    expect(harness.since(mark)).toEqual([]);
    expect(harness.sent('session/cancel')).toHaveLength(0);
    expect(harness.log.entries.map((entry) => entry.message)).toContain(
      'agent stdout line that is not valid JSON skipped',
    );
    harness.update(chunk('still here'));
    harness.respond(harness.lastRequest('session/prompt').id, { stopReason: 'end_turn' });
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ subtype: 'success', result: 'still here' }),
    ]);
  });

  it('fatal-stderr also sends session/cancel, before withdrawing a pending permission', () => {
    const harness = turnHarness({ launch: { permissionPromptTool: 'stdio' } });
    harness.agent({
      jsonrpc: '2.0',
      id: 7,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: 'call_p', title: 'rm x', kind: 'execute', rawInput: {} },
        options: [
          { optionId: 'once', name: 'Allow', kind: 'allow_once' },
          { optionId: 'no', name: 'Reject', kind: 'reject_once' },
        ],
      },
    });
    const agentMark = harness.toAgentLines.length;
    const clientMark = harness.clientLines.length;
    harness.bridge.onAgentFault({ kind: 'fatal-stderr', message: 'Quota exceeded.' });
    expect(harness.toAgentLines.slice(agentMark)).toEqual([
      { jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 'sess-1' } },
      { jsonrpc: '2.0', id: 7, result: { outcome: { outcome: 'cancelled' } } },
    ]);
    const lines = harness.since(clientMark);
    expect(lines.map(shapeOf)).toEqual([
      'control_cancel_request',
      'user:tool_result',
      'result/error_during_execution',
    ]);
    expect(lines[2]).toMatchObject({ result: 'Quota exceeded.', errors: ['Quota exceeded.'] });
  });

  it('outside a prompt a fault is only logged', () => {
    const harness = createHarness();
    harness.initialize();
    const agentMark = harness.toAgentLines.length;
    const clientMark = harness.clientLines.length;
    harness.bridge.onAgentFault({ kind: 'fatal-stderr', message: 'Quota exceeded.' });
    expect(harness.toAgentLines.slice(agentMark)).toEqual([]);
    expect(harness.since(clientMark)).toEqual([]);
    expect(harness.log.entries.map((entry) => entry.message)).toContain(
      'agent fault outside a prompt',
    );
  });
});

describe('the host stops the agent now', () => {
  it('GA-13 onStop cancels the prompt in flight at once; without one it sends nothing', () => {
    const harness = turnHarness();
    harness.bridge.onStop?.();
    expect(harness.sent('session/cancel')).toEqual([
      { jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 'sess-1' } },
    ]);
    const idle = createHarness();
    idle.initialize();
    const mark = idle.toAgentLines.length;
    idle.bridge.onStop?.();
    expect(idle.toAgentLines.slice(mark)).toEqual([]);
  });
});
