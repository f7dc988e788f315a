import { describe, expect, it } from 'vitest';
import { createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';
import { syntheticToolResultTexts } from './tool-calls.js';

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
  it('line-too-long mid-prompt ends the turn at once with an R-03 error result carrying the message', () => {
    const harness = turnHarness();
    harness.update(chunk('Reading.'));
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'cat big.log',
      kind: 'read',
      status: 'in_progress',
      rawInput: { path: 'big.log' },
    });
    const mark = harness.clientLines.length;
    const message = 'The agent wrote a line over 32 MiB; it was dropped.';
    harness.bridge.onAgentFault({ kind: 'line-too-long', message });
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual(['user:tool_result', 'result/error_during_execution']);
    expect(lines[0]?.message.content[0]).toMatchObject({
      tool_use_id: 'call_1',
      content: syntheticToolResultTexts.turnEnded,
    });
    expect(lines[1]).toMatchObject({
      is_error: true,
      result: message,
      errors: [message],
      terminal_reason: 'model_error',
    });
    // No cancel for a dropped line: the agent is not known to be broken.
    expect(harness.sent('session/cancel')).toEqual([]);
  });

  it('the late session/prompt answer of a faulted turn is ignored (one result per turn)', () => {
    const harness = turnHarness();
    const promptId = harness.lastRequest('session/prompt').id;
    harness.bridge.onAgentFault({ kind: 'line-too-long', message: 'dropped' });
    harness.user('next');
    const nextPromptId = harness.lastRequest('session/prompt').id;
    expect(nextPromptId).not.toBe(promptId);
    harness.respond(promptId, { stopReason: 'end_turn' });
    expect(harness.linesOf('result')).toHaveLength(1);
    harness.update(chunk('second answer'));
    harness.respond(nextPromptId, { stopReason: 'end_turn' });
    const results = harness.linesOf('result');
    expect(results.map((line) => line.subtype)).toEqual(['error_during_execution', 'success']);
    expect(results[1]?.result).toBe('second answer');
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
