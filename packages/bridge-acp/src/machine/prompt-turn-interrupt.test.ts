import { describe, expect, it } from 'vitest';
import { createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';
import { chunk, readyHarness } from '../__fixtures__/ready-harness.js';

describe('prompt turn', () => {
  it('seed#48 C-01 R-02 interrupt sends session/cancel, answers at once, and the turn ends aborted_streaming', () => {
    const harness = readyHarness({ launch: { includePartialMessages: true } });
    harness.user('hi');
    harness.update(chunk('Thinking slowly'));
    harness.client({
      type: 'control_request',
      request_id: 'int_2',
      request: { subtype: 'interrupt' },
    });
    expect(harness.lastRequest('session/cancel')).toEqual({
      jsonrpc: '2.0',
      method: 'session/cancel',
      params: { sessionId: 'sess-1' },
    });
    const answer = harness.linesOf('control_response').at(-1);
    expect(answer?.response).toEqual({
      subtype: 'success',
      request_id: 'int_2',
      response: { still_queued: [] },
    });
    const mark = harness.clientLines.length;
    harness.endPrompt('cancelled');
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual([
      'assistant:text',
      'user:text',
      'stream_event:content_block_stop',
      'stream_event:message_delta',
      'stream_event:message_stop',
      'result/error_during_execution',
    ]);
    expect(lines[0]?.aborted).toBe(true);
    expect(lines[1]?.message.content).toEqual([
      { type: 'text', text: '[Request interrupted by user]' },
    ]);
    expect(lines.at(-1)).toMatchObject({
      is_error: true,
      terminal_reason: 'aborted_streaming',
      stop_reason: null,
    });
  });

  it('C-01 gap fix interrupt while idle answers success and sends nothing', () => {
    const harness = readyHarness();
    harness.client({
      type: 'control_request',
      request_id: 'int_1',
      request: { subtype: 'interrupt' },
    });
    expect(harness.sent('session/cancel')).toEqual([]);
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'success',
      request_id: 'int_1',
      response: { still_queued: [] },
    });
  });

  it('PR-09 interrupt clears the queue: the steering message is never sent', () => {
    const harness = readyHarness();
    harness.user('first');
    harness.user('second');
    harness.client({
      type: 'control_request',
      request_id: 'int_1',
      request: { subtype: 'interrupt' },
    });
    harness.endPrompt('cancelled');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(harness.linesOf('result')).toHaveLength(1);
  });

  it('interrupt of a turn still waiting for the session ends it at once', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('hi');
    harness.client({
      type: 'control_request',
      request_id: 'int_1',
      request: { subtype: 'interrupt' },
    });
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({
        subtype: 'error_during_execution',
        terminal_reason: 'aborted_streaming',
      }),
    ]);
  });
});
