import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult, shapeOf } from '../__fixtures__/bridge-harness.js';

const chunk = (text: string, messageId?: string) => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
  ...(messageId !== undefined ? { messageId } : {}),
});
const thought = (text: string) => ({
  sessionUpdate: 'agent_thought_chunk',
  content: { type: 'text', text },
});

function readyHarness(launch: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(launch);
  harness.initialize();
  return harness;
}

describe('prompt turn', () => {
  it('seed#25 PR-03 PR-04 user text becomes session/prompt and is echoed as a replay', () => {
    const harness = readyHarness({ launch: { replayUserMessages: true } });
    const mark = harness.clientLines.length;
    harness.user('look');
    expect(harness.lastRequest('session/prompt').params).toEqual({
      sessionId: 'sess-1',
      prompt: [{ type: 'text', text: 'look' }],
    });
    const echo = harness.since(mark).find((line) => line.isReplay === true);
    expect(echo).toMatchObject({
      type: 'user',
      isReplay: true,
      session_id: 'sess-1',
      message: { role: 'user', content: [{ type: 'text', text: 'look' }] },
    });
  });

  it('PR-03 without --replay-user-messages the user line is not echoed (real CLI)', () => {
    const harness = readyHarness();
    harness.user('look');
    expect(harness.linesOf('user')).toEqual([]);
  });

  it('seed#26 PR-06 the first prompt of a new session gets the standing instructions, once only', () => {
    const harness = readyHarness({
      launch: { systemPrompt: '  Be brief.  ', appendSystemPrompt: 'Use metric units.' },
    });
    harness.user('one');
    const first = harness.lastRequest('session/prompt').params.prompt;
    expect(first).toHaveLength(2);
    expect(first[0].text).toBe(
      '[Standing instructions -- follow them for this whole session]\nBe brief.\n\nUse metric units.\n[End of standing instructions]\n\n',
    );
    harness.endPrompt();
    harness.user('two');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'two' },
    ]);
  });

  it('PR-06 the system prompt fields of the SDK initialize request become the standing instructions', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'req_1',
      request: {
        subtype: 'initialize',
        systemPrompt: ['You review code.', ''],
        appendSystemPrompt: 'Be kind.',
      },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt[0].text).toBe(
      '[Standing instructions -- follow them for this whole session]\nYou review code.\n\nBe kind.\n[End of standing instructions]\n\n',
    );
  });

  it('PR-06 the SDK default empty system prompt adds nothing', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'req_1',
      request: { subtype: 'initialize', systemPrompt: [''] },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'one' },
    ]);
  });

  it('PR-06 an agent with sessionCapabilities.systemPrompt gets the instructions in session/new instead', () => {
    const harness = readyHarness({
      launch: { systemPrompt: 'Be brief.' },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { systemPrompt: {} } }) },
      },
    });
    expect(harness.lastRequest('session/new').params.systemPrompt).toEqual({
      mode: 'append',
      content: [{ type: 'text', text: 'Be brief.' }],
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toHaveLength(1);
  });

  it('seed#27 S-04 PR-06 a loaded session does not repeat the standing instructions', () => {
    const harness = readyHarness({
      launch: { resumeSessionId: 'sess-1', systemPrompt: 'Be brief.' },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'one' },
    ]);
  });

  it('seed#28 PR-01 an image block becomes an ACP image when the agent accepts images', () => {
    const harness = readyHarness({
      script: {
        initialize: { result: seedInitializeResult({ promptCapabilities: { image: true } }) },
      },
    });
    harness.user([
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.lastRequest('session/prompt').params.prompt[1]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'AAAA',
    });
  });

  it('seed#29 PR-01 an image block is dropped when the agent lacks the image capability', () => {
    const harness = readyHarness();
    harness.user([
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'look' },
    ]);
  });

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

  it('seed#46 R-03 a prompt error ends the turn with an error result carrying the agent text', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(chunk('partial'));
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: -32603,
      message: 'Internal error',
      data: 'overloaded',
    });
    const result = harness.linesOf('result')[0];
    expect(result).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: 'Internal error (code -32603): overloaded',
    });
    expect(harness.linesOf('assistant')).toHaveLength(1);
  });

  it('seed#47 PR-07 PR-08 a steering send queues until the prompt returns, then one result for the whole turn', () => {
    const harness = readyHarness();
    harness.user('first');
    harness.update(chunk('A'));
    harness.user('second');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.endPrompt();
    expect(harness.sent('session/prompt')).toHaveLength(2);
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'second' },
    ]);
    expect(harness.linesOf('result')).toEqual([]);
    harness.update(chunk('B'));
    harness.endPrompt();
    const results = harness.linesOf('result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ result: 'B', num_turns: 2 });
  });

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

  it('seed#49 X-01 an agent exit mid-turn settles with an error result', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(chunk('half'));
    harness.bridge.onAgentExit({ code: 1, signal: null });
    const result = harness.linesOf('result')[0];
    expect(result).toMatchObject({
      is_error: true,
      result: 'The agent process exited mid-turn (code 1).',
      errors: ['The agent process exited mid-turn (code 1).'],
      stop_reason: 'process_exited',
    });
    expect(harness.clientLines.map(shapeOf).slice(-2)).toEqual([
      'assistant:text',
      'result/error_during_execution',
    ]);
  });

  it('X-01/H-20 the mid-turn result quotes the exit code and the stderr tail, in result and errors', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.bridge.onAgentExit({
      code: 1,
      signal: null,
      stderrTail: 'quota exhausted\nError: simulated failure\n',
    });
    const text =
      'The agent process exited mid-turn (code 1). stderr: quota exhausted\nError: simulated failure';
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ result: text, errors: [text], stop_reason: 'process_exited' }),
    ]);
  });

  it('X-01 a signal exit names the signal; a long stderr tail is cut at its start', () => {
    const harness = readyHarness();
    harness.user('hi');
    const tail = `${'x'.repeat(3000)}LAST LINE`;
    harness.bridge.onAgentExit({ code: null, signal: 'SIGKILL', stderrTail: tail });
    const [result] = harness.linesOf('result');
    expect(result?.result).toMatch(
      /^The agent process exited mid-turn \(signal SIGKILL\)\. stderr: …x+LAST LINE$/,
    );
    expect(String(result?.result).length).toBeLessThan(1600);
  });

  it('PR-05 after the agent exited a user line gets a no_session result', () => {
    const harness = readyHarness();
    harness.bridge.onAgentExit({ code: 0, signal: null });
    harness.user('hi');
    expect(harness.linesOf('result')[0]).toMatchObject({
      stop_reason: 'no_session',
      is_error: true,
    });
  });

  it('PR-02 gap fix an empty user message is answered with an error result', () => {
    const harness = readyHarness();
    harness.user([]);
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')[0]).toMatchObject({
      is_error: true,
      subtype: 'error_during_execution',
    });
  });

  it('PR-02 a message that translates to nothing (image only, no image capability) is answered too', () => {
    const harness = readyHarness();
    harness.user([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')).toHaveLength(1);
  });

  it('R-02 a refusal is an error result', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.endPrompt('refusal');
    expect(harness.linesOf('result')[0]).toMatchObject({
      is_error: true,
      result: 'The agent refused to continue.',
      stop_reason: 'refusal',
    });
  });

  it('R-01 duration_ms counts from the start of the client turn', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.advance(250);
    harness.endPrompt();
    expect(harness.linesOf('result')[0]).toMatchObject({ duration_ms: 250, duration_api_ms: 250 });
  });

  it('client-done once the client ended its input and the last turn settled', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.bridge.onClientEnd();
    expect(harness.actions.some((action) => action.type === 'stop-agent')).toBe(false);
    harness.endPrompt();
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });

  it('client-done at once when nothing runs', () => {
    const harness = readyHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });
});
