import { describe, expect, it } from 'vitest';
import { harness, labels } from './__fixtures__/turn-stream-harness.js';

describe('createTurnStream', () => {
  it('ST-01 streams text chunks as text_delta events inside one text block', () => {
    const { stream, lines } = harness(true);
    stream.text('Hel');
    stream.text('');
    stream.text('lo!');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:Hel',
      'text_delta:0:lo!',
    ]);
    stream.endMessage('end_turn');
    expect(labels(lines).slice(4)).toEqual([
      'assistant:text:Hello!',
      'stop:0',
      'message_delta:end_turn',
      'message_stop',
    ]);
  });

  it('ST-01 every line carries type, uuid, session_id and parent_tool_use_id null', () => {
    const { stream, lines } = harness(true);
    stream.thinking('hmm');
    stream.text('a');
    stream.toolUse({ id: 'call_1', name: 'Bash', input: { command: 'ls' } });
    stream.endMessage('tool_use');
    expect(lines.length).toBeGreaterThan(0);
    const uuids = new Set<string>();
    for (const line of lines) {
      expect(line).toMatchObject({ session_id: 'sess-1', parent_tool_use_id: null });
      expect(typeof line.type).toBe('string');
      expect(typeof line.uuid).toBe('string');
      uuids.add(line.uuid);
    }
    expect(uuids.size).toBe(lines.length);
  });

  it('ST-02 thinking takes index 0 and the text after it index 1 of the same message', () => {
    const { stream, lines } = harness(true);
    stream.thinking('Let me think.');
    stream.text('Answer.');
    stream.endMessage('end_turn');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:thinking',
      'thinking_delta:0:Let me think.',
      'assistant:thinking:Let me think.',
      'stop:0',
      'start:1:text',
      'text_delta:1:Answer.',
      'assistant:text:Answer.',
      'stop:1',
      'message_delta:end_turn',
      'message_stop',
    ]);
    const ids = lines.filter((line) => line.type === 'assistant').map((line) => line.message.id);
    expect(ids[0]).toBe(ids[1]);
    expect(lines[0]?.event.message.id).toBe(ids[0]);
  });

  it('ST-03 thought after text completes the text block first, so the order on screen is the agent’s (scenario 31)', () => {
    const { stream, lines } = harness(true);
    stream.text('First.');
    stream.thinking('Hmm.');
    stream.text('Second.');
    stream.endMessage('end_turn');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:First.',
      'assistant:text:First.',
      'stop:0',
      'start:1:thinking',
      'thinking_delta:1:Hmm.',
      'assistant:thinking:Hmm.',
      'stop:1',
      'start:2:text',
      'text_delta:2:Second.',
      'assistant:text:Second.',
      'stop:2',
      'message_delta:end_turn',
      'message_stop',
    ]);
    expect(stream.lastText()).toBe('First.Second.');
  });

  it('ST-03 opens a thinking block with content_block_start, then thinking deltas (scenario 32)', () => {
    const { stream, lines } = harness(true);
    stream.thinking('');
    expect(labels(lines)).toEqual(['message_start', 'start:0:thinking']);
    expect(lines[1]?.event.content_block).toEqual({
      type: 'thinking',
      thinking: '',
      signature: '',
    });
    stream.thinking('Planning');
    stream.thinking(' steps');
    stream.endMessage('end_turn');
    const assistant = lines.find((line) => line.type === 'assistant');
    expect(assistant?.message.content).toEqual([
      { type: 'thinking', thinking: 'Planning steps', signature: '' },
    ]);
  });

  it('ST-04 a completed block yields one assistant line with the whole block text', () => {
    const { stream, lines } = harness(false);
    stream.text('a');
    stream.text('b');
    stream.text('c');
    expect(lines).toEqual([]);
    stream.endMessage('end_turn');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message.content).toEqual([{ type: 'text', text: 'abc' }]);
  });
});
