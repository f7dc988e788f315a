import { describe, expect, it } from 'vitest';
import { shapeOf } from '../__fixtures__/bridge-harness.js';
import { chunk, readyHarness, thought } from '../__fixtures__/ready-harness.js';

describe('prompt turn', () => {
  it('seed#30 ST-01 ST-04 ST-05 R-01 R-02 message chunks stream as text deltas, fold into an assistant line and the result', () => {
    const harness = readyHarness({ launch: { includePartialMessages: true } });
    harness.user('hi');
    const mark = harness.clientLines.length;
    harness.update(chunk('Hel'));
    harness.update(chunk('lo!'));
    expect(harness.linesOf('result')).toEqual([]);
    harness.endPrompt('end_turn');
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual([
      'stream_event:message_start',
      'stream_event:content_block_start',
      'stream_event:content_block_delta',
      'stream_event:content_block_delta',
      'assistant:text',
      'stream_event:content_block_stop',
      'stream_event:message_delta',
      'stream_event:message_stop',
      'result/success',
    ]);
    expect(lines[2]?.event.delta).toEqual({ type: 'text_delta', text: 'Hel' });
    expect(lines[4]?.message.content).toEqual([{ type: 'text', text: 'Hello!' }]);
    expect(lines.at(-1)).toMatchObject({
      is_error: false,
      result: 'Hello!',
      session_id: 'sess-1',
      stop_reason: 'end_turn',
      terminal_reason: 'completed',
      num_turns: 1,
      permission_denials: [],
    });
    for (const line of lines) {
      expect(line.session_id).toBe('sess-1');
      expect(typeof line.uuid).toBe('string');
    }
  });

  it('ST-01 without partial messages no stream_event is emitted', () => {
    const harness = readyHarness();
    harness.user('hi');
    const mark = harness.clientLines.length;
    harness.update(chunk('Hello'));
    harness.endPrompt();
    expect(harness.since(mark).map(shapeOf)).toEqual(['assistant:text', 'result/success']);
  });

  it('seed#31 ST-03 a thought after text completes the text block first, keeping the agent order', () => {
    const harness = readyHarness({ launch: { includePartialMessages: true } });
    harness.user('hi');
    const mark = harness.clientLines.length;
    harness.update(chunk('First.'));
    harness.update(thought('hmm'));
    harness.update(chunk('Second.'));
    harness.endPrompt();
    const assistants = harness.since(mark).filter((line) => line.type === 'assistant');
    expect(assistants.map((line) => line.message.content[0])).toEqual([
      { type: 'text', text: 'First.' },
      { type: 'thinking', thinking: 'hmm', signature: '' },
      { type: 'text', text: 'Second.' },
    ]);
    expect(new Set(assistants.map((line) => line.message.id)).size).toBe(1);
    expect(harness.linesOf('result')[0]?.result).toBe('First.Second.');
  });

  it('seed#32 ST-02 ST-03 thought chunks open a thinking block then stream thinking deltas', () => {
    const harness = readyHarness({ launch: { includePartialMessages: true } });
    harness.user('hi');
    const mark = harness.clientLines.length;
    harness.update(thought('Let me'));
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual([
      'stream_event:message_start',
      'stream_event:content_block_start',
      'stream_event:content_block_delta',
    ]);
    expect(lines[1]?.event.content_block).toMatchObject({ type: 'thinking', thinking: '' });
    expect(lines[2]?.event.delta).toEqual({ type: 'thinking_delta', thinking: 'Let me' });
  });

  it('ST-06 a new ACP messageId starts a new assistant message', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(chunk('a', 'm1'));
    harness.update(chunk('b', 'm2'));
    harness.endPrompt();
    const ids = harness.linesOf('assistant').map((line) => line.message.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('gap fix ST-07 chunks outside a turn are not emitted', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.update(chunk('stray'));
    expect(harness.since(mark)).toEqual([]);
  });
});
