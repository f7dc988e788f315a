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
  it('FT-02 line-too-long mid-prompt ends the turn at once with an R-03 error result and cancels the prompt', () => {
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
    // The dropped line may have been the answer: the prompt is given up on, so it is cancelled.
    expect(harness.sent('session/cancel')).toHaveLength(1);
  });

  it('FT-02 a faulted prompt is abandoned: the next turn waits for its answer, and its late text never reaches that turn', () => {
    const harness = turnHarness();
    const promptId = harness.lastRequest('session/prompt').id;
    harness.bridge.onAgentFault({ kind: 'line-too-long', message: 'dropped' });
    harness.user('next');
    // No second prompt while the first still runs at the agent.
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.update(chunk('late text of the first prompt'));
    harness.respond(promptId, { stopReason: 'end_turn' });
    expect(harness.linesOf('result')).toHaveLength(1);
    const nextPromptId = harness.lastRequest('session/prompt').id;
    expect(nextPromptId).not.toBe(promptId);
    harness.update(chunk('second answer'));
    harness.respond(nextPromptId, { stopReason: 'end_turn' });
    const results = harness.linesOf('result');
    expect(results.map((line) => line.subtype)).toEqual(['error_during_execution', 'success']);
    expect(results[1]?.result).toBe('second answer');
    expect(JSON.stringify(harness.clientLines)).not.toContain('late text');
  });

  it('FT-02 a malformed line (not JSON) mid-prompt is a fault: error result, prompt cancelled', () => {
    const harness = turnHarness();
    harness.agent('{"jsonrpc":"2.0","id":3,"result":{"stopRea');
    expect(harness.sent('session/cancel')).toHaveLength(1);
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({
        is_error: true,
        result: expect.stringContaining('not valid JSON'),
      }),
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
