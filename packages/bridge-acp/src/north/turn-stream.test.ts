import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from '../__fixtures__/assert-known-server-line.js';
import { buildInterruptionMarker } from './client-lines.js';
import { createTurnStream } from './turn-stream.js';

// biome-ignore lint/suspicious/noExplicitAny: assertions read parsed wire lines loosely
type Line = Record<string, any>;

/** Serialises and parses a line as the client reads it; it must be a message core models, valid. */
function wire(message: Record<string, unknown>): Line {
  const parsed = JSON.parse(JSON.stringify(message));
  assertKnownServerLine(parsed);
  return parsed;
}

/** A turn stream whose lines are serialised and parsed back, as the client would read them. */
function harness(
  includePartialMessages: boolean,
  usage: Record<string, number> = {},
  outputTokens = 0,
) {
  const lines: Line[] = [];
  let counter = 0;
  const stream = createTurnStream({
    includePartialMessages,
    emit: (event) => {
      if (event.type === 'client-message') lines.push(wire(event.message));
    },
    newId: () => `id-${++counter}`,
    context: () => ({
      sessionId: 'sess-1',
      model: 'model-x',
      usage: { input_tokens: 0, output_tokens: 0, ...usage },
      outputTokens,
    }),
  });
  return { stream, lines };
}

/** A compact label per line: `message_start`, `text_delta:Hel`, `assistant:text:Hello`, ... */
function labels(lines: readonly Line[]): string[] {
  return lines.map((line) => {
    if (line.type === 'stream_event') {
      const event = line.event;
      switch (event.type) {
        case 'content_block_start':
          return `start:${event.index}:${event.content_block.type}`;
        case 'content_block_delta': {
          const delta = event.delta;
          const value = delta.text ?? delta.thinking ?? delta.partial_json;
          return `${delta.type}:${event.index}:${value}`;
        }
        case 'content_block_stop':
          return `stop:${event.index}`;
        case 'message_delta':
          return `message_delta:${event.delta.stop_reason}`;
        default:
          return event.type;
      }
    }
    if (line.type === 'assistant') {
      const block = line.message.content[0];
      const value = block.text ?? block.thinking ?? block.name;
      return `assistant:${block.type}:${value}${line.aborted ? ':aborted' : ''}`;
    }
    return `${line.type}`;
  });
}

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

  it('C-01 abort marks the open block aborted, places the interruption marker, then stops with a null reason', () => {
    const { stream, lines } = harness(true);
    stream.text('Thinking slowly');
    stream.abort(
      buildInterruptionMarker({ sessionId: 'sess-1', uuid: 'marker', forToolUse: false }),
    );
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:Thinking slowly',
      'assistant:text:Thinking slowly:aborted',
      'user',
      'stop:0',
      'message_delta:null',
      'message_stop',
    ]);
    expect(lines[4]?.message.content).toEqual([
      { type: 'text', text: '[Request interrupted by user]' },
    ]);
    expect(stream.hasOpenMessage()).toBe(false);
  });

  it('C-01 abort with nothing open only writes the marker', () => {
    const { stream, lines } = harness(true);
    const marker = buildInterruptionMarker({ sessionId: 'sess-1', uuid: 'm', forToolUse: true });
    stream.abort(marker);
    stream.abort();
    expect(lines).toEqual([marker]);
  });

  it('R-02 lastText is the text of the last message that had text; startTurn forgets it', () => {
    const { stream } = harness(false);
    expect(stream.lastText()).toBeUndefined();
    stream.text('Running a command.');
    expect(stream.lastText()).toBe('Running a command.');
    stream.toolUse({ id: 'c', name: 'Bash', input: { command: 'echo probe' } });
    stream.endMessage('tool_use');
    expect(stream.lastText()).toBe('Running a command.');
    stream.text('Done: ');
    stream.text('probe');
    expect(stream.lastText()).toBe('Done: probe');
    stream.endMessage('end_turn');
    expect(stream.lastText()).toBe('Done: probe');
    stream.startTurn();
    expect(stream.lastText()).toBeUndefined();
  });

  it('ST-07 the stream has no turn gating: chunks after a closed message open a new one', () => {
    const { stream, lines } = harness(false);
    stream.text('in turn');
    stream.endMessage('end_turn');
    stream.text('late');
    stream.endMessage(null);
    const ids = lines.map((line) => line.message.id);
    expect(lines.map((line) => line.message.content[0].text)).toEqual(['in turn', 'late']);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('ST-06 hasOpenMessage follows the first block and endMessage; endMessage with nothing open is a no-op', () => {
    const { stream, lines } = harness(true);
    expect(stream.hasOpenMessage()).toBe(false);
    stream.endMessage('end_turn');
    expect(lines).toEqual([]);
    stream.text('x');
    expect(stream.hasOpenMessage()).toBe(true);
    stream.endMessage('end_turn');
    expect(stream.hasOpenMessage()).toBe(false);
  });
});
