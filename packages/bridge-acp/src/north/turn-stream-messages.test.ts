import { describe, expect, it } from 'vitest';
import { harness, labels } from './__fixtures__/turn-stream-harness.js';

describe('createTurnStream', () => {
  it('ST-05 assistant lines have the real CLI message shape with the model and the U-20 usage', () => {
    const { stream, lines } = harness(true, { cache_read_input_tokens: 41250 });
    stream.text('Hi');
    stream.endMessage('end_turn');
    const assistant = lines.find((line) => line.type === 'assistant');
    expect(assistant).toEqual({
      type: 'assistant',
      message: {
        id: expect.stringMatching(/^msg_/),
        type: 'message',
        role: 'assistant',
        model: 'model-x',
        content: [{ type: 'text', text: 'Hi' }],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 41250 },
      },
      parent_tool_use_id: null,
      session_id: 'sess-1',
      uuid: expect.any(String),
    });
    expect(lines[0]?.event).toEqual({
      type: 'message_start',
      message: {
        id: assistant?.message.id,
        type: 'message',
        role: 'assistant',
        model: 'model-x',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 41250 },
      },
    });
    expect(lines.at(-2)?.event).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 0 },
      context_management: null,
    });
  });

  it('ST-06 message_delta reports the turn output tokens: the context reading, or the value given to endMessage', () => {
    const { stream, lines } = harness(true, {}, 37);
    stream.text('Hi');
    stream.toolUse({ id: 'call_1', name: 'Bash', input: { command: 'ls' } });
    stream.endMessage('tool_use');
    stream.text('Done');
    stream.endMessage('end_turn', 52);
    const deltas = lines.filter((line) => line.event?.type === 'message_delta');
    expect(deltas.map((line) => line.event.usage)).toEqual([
      { output_tokens: 37 },
      { output_tokens: 52 },
    ]);
  });

  it('ST-06 T-03 a tool_use completes the streamed text first and streams its input as input_json_delta', () => {
    const { stream, lines } = harness(true);
    stream.text('Running a command.');
    stream.toolUse({ id: 'call_1', name: 'Bash', input: { command: 'ls', kind: 'execute' } });
    stream.endMessage('tool_use');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:Running a command.',
      'assistant:text:Running a command.',
      'stop:0',
      'start:1:tool_use',
      'input_json_delta:1:{"command":"ls","kind":"execute"}',
      'assistant:tool_use:Bash',
      'stop:1',
      'message_delta:tool_use',
      'message_stop',
    ]);
    expect(lines[5]?.event.content_block).toEqual({
      type: 'tool_use',
      id: 'call_1',
      name: 'Bash',
      input: {},
    });
    expect(lines[7]?.message.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'Bash', input: { command: 'ls', kind: 'execute' } },
    ]);
  });

  it('ST-06 text after a tool_use ends that message with tool_use and starts a new one', () => {
    const { stream, lines } = harness(true);
    stream.toolUse({ id: 'call_1', name: 'Read', input: {} });
    stream.text('Done.');
    stream.endMessage('end_turn');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:tool_use',
      'input_json_delta:0:{}',
      'assistant:tool_use:Read',
      'stop:0',
      'message_delta:tool_use',
      'message_stop',
      'message_start',
      'start:0:text',
      'text_delta:0:Done.',
      'assistant:text:Done.',
      'stop:0',
      'message_delta:end_turn',
      'message_stop',
    ]);
    const ids = lines.filter((line) => line.type === 'assistant').map((line) => line.message.id);
    expect(ids[0]).not.toBe(ids[1]);
    expect(stream.lastText()).toBe('Done.');
  });

  it('ST-06 consecutive tool calls share one message', () => {
    const { stream, lines } = harness(false);
    stream.toolUse({ id: 'a', name: 'Read', input: { path: 'x' } });
    stream.toolUse({ id: 'b', name: 'Read', input: { path: 'y' } });
    stream.endMessage('tool_use');
    expect(lines.map((line) => line.message.id)).toEqual([
      lines[0]?.message.id,
      lines[0]?.message.id,
    ]);
  });

  it('ST-05 a different ACP messageId starts a new message; the same id continues it', () => {
    const { stream, lines } = harness(true);
    stream.text('one', 'm1');
    stream.text(' more', 'm1');
    stream.text('two', 'm2');
    stream.endMessage('end_turn');
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:one',
      'text_delta:0: more',
      'assistant:text:one more',
      'stop:0',
      'message_delta:null',
      'message_stop',
      'message_start',
      'start:0:text',
      'text_delta:0:two',
      'assistant:text:two',
      'stop:0',
      'message_delta:end_turn',
      'message_stop',
    ]);
    expect(stream.lastText()).toBe('two');
  });

  it('ST-04 without includePartialMessages only the assistant lines are written', () => {
    const { stream, lines } = harness(false);
    stream.thinking('t');
    stream.text('x');
    stream.toolUse({ id: 'c', name: 'Edit', input: { file_path: 'a' } });
    stream.text('y');
    stream.endMessage('end_turn');
    stream.abort();
    expect(labels(lines)).toEqual([
      'assistant:thinking:t',
      'assistant:text:x',
      'assistant:tool_use:Edit',
      'assistant:text:y',
    ]);
  });
});
