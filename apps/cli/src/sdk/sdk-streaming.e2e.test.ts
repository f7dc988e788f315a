import { kindOf } from '@agentbridge/test-kit';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPromptQueue } from './__fixtures__/create-prompt-queue.js';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';

let sandbox: SdkSandbox;
beforeEach(() => {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
});
afterEach(async () => {
  expect(await sandbox.dispose()).toEqual([]);
});

async function collect(iterable: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of iterable) messages.push(message);
  return messages;
}

describe('the Claude Agent SDK drives agentbridge: streaming', () => {
  it('ST-01/ST-04/R-02: includePartialMessages yields deltas, then the folded assistant text, then one result', async () => {
    const messages = await collect(
      query({
        prompt: 'stream please',
        options: sandbox.options({ includePartialMessages: true }),
      }),
    );

    const kinds = messages.map(kindOf);
    expect(kinds[0]).toBe('system/init');
    expect(kinds.at(-1)).toBe('result/success');
    expect(kinds.filter((kind) => kind === 'result/success')).toHaveLength(1);

    const init = messages[0] as Extract<SDKMessage, { type: 'system'; subtype: 'init' }>;
    expect(init).toMatchObject({
      session_id: 'sdk-session-1',
      cwd: sandbox.cwd,
      model: 'fake-small',
      apiKeySource: 'none',
      claude_code_version: 'sdk-fake-agent 1.2.3',
    });

    // The text block of one message: start, deltas, the complete assistant line, stop (§4.3).
    const textStart = messages.findIndex(
      (message) =>
        message.type === 'stream_event' &&
        message.event.type === 'content_block_start' &&
        message.event.content_block.type === 'text',
    );
    expect(textStart).toBeGreaterThan(0);
    const deltas = messages.flatMap((message) =>
      message.type === 'stream_event' &&
      message.event.type === 'content_block_delta' &&
      message.event.delta.type === 'text_delta'
        ? [message.event.delta.text]
        : [],
    );
    expect(deltas).toEqual(['Streaming ', 'through ', 'agentbridge.']);
    const thinking = messages.flatMap((message) =>
      message.type === 'stream_event' &&
      message.event.type === 'content_block_delta' &&
      message.event.delta.type === 'thinking_delta'
        ? [message.event.delta.thinking]
        : [],
    );
    expect(thinking).toEqual(['Thinking it over.']);

    const assistants = messages.filter((message) => message.type === 'assistant');
    expect(assistants.map((message) => message.message.content)).toEqual([
      [expect.objectContaining({ type: 'thinking', thinking: 'Thinking it over.' })],
      [{ type: 'text', text: 'Streaming through agentbridge.' }],
    ]);
    const textAssistant = messages.indexOf(assistants[1] as SDKMessage);
    const lastDelta = messages.findLastIndex(
      (message) => message.type === 'stream_event' && message.event.type === 'content_block_delta',
    );
    const textStop = messages.findIndex(
      (message, index) =>
        index > textAssistant &&
        message.type === 'stream_event' &&
        message.event.type === 'content_block_stop',
    );
    expect(lastDelta).toBeLessThan(textAssistant);
    expect(textStop).toBeGreaterThan(textAssistant);
    const messageStop = kinds.lastIndexOf('stream_event/message_stop');
    expect(messageStop).toBeGreaterThan(textStop);
    expect(messageStop).toBeLessThan(kinds.length - 1);

    const result = messages.at(-1) as Extract<SDKMessage, { type: 'result' }>;
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'Streaming through agentbridge.',
      stop_reason: 'end_turn',
      session_id: 'sdk-session-1',
      num_turns: 1,
      usage: expect.objectContaining({ input_tokens: 20, output_tokens: 10 }),
      total_cost_usd: 0.0125,
      modelUsage: { 'fake-small': expect.objectContaining({ contextWindow: 128000 }) },
    });
    for (const message of messages) expect(message.session_id).toBe('sdk-session-1');
  });

  it('H-11/H-12: without partial messages only init, the assistant blocks and the result reach the SDK', async () => {
    const messages = await collect(query({ prompt: 'stream please', options: sandbox.options() }));
    const kinds = messages
      .map(kindOf)
      .filter((kind) => kind !== 'system/init' && kind !== 'system/commands_changed');
    expect(kinds).toEqual(['assistant', 'assistant', 'result/success']);
    expect(messages[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(sandbox.sentToAgent().map((message) => message.method)).toEqual(
      expect.arrayContaining(['initialize', 'session/new', 'session/prompt']),
    );
    const prompt = sandbox.sentToAgent().find((message) => message.method === 'session/prompt');
    expect(prompt?.params).toMatchObject({
      sessionId: 'sdk-session-1',
      prompt: [{ type: 'text', text: 'stream please' }],
    });
  });
});

describe('the Claude Agent SDK drives agentbridge: prompt content', () => {
  it('PR-01: text and image blocks of an SDK user message reach session/prompt as ACP blocks', async () => {
    const prompts = createPromptQueue();
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    prompts.push([
      { type: 'text', text: 'describe the picture' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
    ]);
    prompts.end();
    const messages = await collect(query({ prompt: prompts, options: sandbox.options() }));

    const prompt = sandbox.sentToAgent().find((message) => message.method === 'session/prompt');
    expect(prompt?.params?.prompt).toEqual([
      { type: 'text', text: 'describe the picture' },
      { type: 'image', mimeType: 'image/png', data: png },
    ]);
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'A red square.' });
  });
});
