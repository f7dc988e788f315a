import { describe, expect, it } from 'vitest';
import { driveFakeAgent as driver } from './__fixtures__/drive-fake-agent.js';
import { updateKinds } from './create-agent-driver.js';

describe('fake agent: prompt scripts and steps', () => {
  it('streams a scripted prompt: updates in order, then the response with usage', async () => {
    const test = driver({
      prompts: [
        {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_thought_chunk',
                content: { type: 'text', text: 'hm' },
              },
            },
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'Hi' },
              },
            },
            { type: 'update', update: { sessionUpdate: 'usage_update', used: 10, size: 100 } },
          ],
          response: {
            stopReason: 'end_turn',
            usage: { totalTokens: 3, inputTokens: 1, outputTokens: 2 },
          },
        },
      ],
    });
    const sessionId = await test.openSession();
    const id = test.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: 'hello' }],
    });
    const messages = await test.take();
    expect(updateKinds(messages)).toEqual([
      'agent_thought_chunk',
      'agent_message_chunk',
      'usage_update',
    ]);
    expect(
      messages.every(
        (message) => message.method !== 'session/update' || message.params?.sessionId === sessionId,
      ),
    ).toBe(true);
    expect(messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      id,
      result: {
        stopReason: 'end_turn',
        usage: { totalTokens: 3, inputTokens: 1, outputTokens: 2 },
      },
    });
  });

  it('picks prompt scripts by text match first, then in order, then the default', async () => {
    const say = (text: string) => ({
      steps: [
        {
          type: 'update' as const,
          update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
        },
      ],
    });
    const test = driver({
      prompts: [
        { ...say('first') },
        { match: { pattern: '^bye' }, ...say('matched') },
        { ...say('second') },
      ],
      defaultPrompt: { response: { stopReason: 'refusal' } },
    });
    const sessionId = await test.openSession();
    const texts: unknown[] = [];
    for (const text of ['a', 'bye now', 'b', 'bye again', 'c']) {
      test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
      for (const message of await test.take()) {
        if (message.method === 'session/update')
          texts.push((message.params?.update?.content as { text?: string } | undefined)?.text);
        else texts.push(message.result?.stopReason);
      }
    }
    expect(texts).toEqual([
      'first',
      'end_turn',
      'matched',
      'end_turn',
      'second',
      'end_turn',
      'matched',
      'end_turn',
      'refusal',
    ]);
  });

  it('branches on the permission outcome and records it (allow, then reject)', async () => {
    const permissionPrompt = {
      steps: [
        {
          type: 'update' as const,
          update: {
            sessionUpdate: 'tool_call',
            toolCallId: 't1',
            title: 'Write a.txt',
            kind: 'edit',
            status: 'pending',
          },
        },
        {
          type: 'request-permission' as const,
          toolCall: { toolCallId: 't1', title: 'Write a.txt' },
          onAllow: [
            {
              type: 'update' as const,
              update: { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed' },
            },
          ],
          onReject: [
            {
              type: 'update' as const,
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'skipped' },
              },
            },
          ],
        },
      ],
    };
    const test = driver({ prompts: [permissionPrompt, permissionPrompt] });
    const sessionId = await test.openSession();
    const decisions: Array<[string, string[]]> = [];
    for (const optionId of ['allow', 'reject']) {
      const promptId = test.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'write' }],
      });
      const asked = await test.take();
      const permission = asked.find((message) => message.method === 'session/request_permission');
      expect(permission?.params).toMatchObject({
        sessionId,
        toolCall: { toolCallId: 't1' },
        options: [
          { optionId: 'allow', kind: 'allow_once' },
          { optionId: 'allow_always' },
          { optionId: 'reject', kind: 'reject_once' },
        ],
      });
      expect(asked.some((message) => message.id === promptId)).toBe(false);
      test.respond(permission?.id, { outcome: { outcome: 'selected', optionId } });
      const rest = await test.take();
      decisions.push([
        optionId,
        [...updateKinds(rest).map(String), String(rest.at(-1)?.result?.stopReason)],
      ]);
    }
    expect(decisions).toEqual([
      ['allow', ['tool_call_update', 'end_turn']],
      ['reject', ['agent_message_chunk', 'end_turn']],
    ]);
    expect(test.agent.outcomes.map((outcome) => outcome.result)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'allow' } },
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
  });

  it('answers a prompt with a JSON-RPC error when scripted', async () => {
    const test = driver({
      prompts: [{ error: { code: -32603, message: 'quota', data: { retry: false } } }],
    });
    const sessionId = await test.openSession();
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    const [answer] = await test.take();
    expect(answer?.error).toEqual({ code: -32603, message: 'quota', data: { retry: false } });
  });

  it('calls any client method and records the refusal', async () => {
    const test = driver({
      prompts: [
        {
          steps: [
            {
              type: 'client-request',
              method: 'fs/read_text_file',
              params: { path: '/work/a.txt' },
              onError: [
                {
                  type: 'update',
                  update: {
                    sessionUpdate: 'agent_message_chunk',
                    content: { type: 'text', text: 'refused' },
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    const sessionId = await test.openSession();
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read' }] });
    const [readRequest] = await test.take();
    expect(readRequest).toMatchObject({
      method: 'fs/read_text_file',
      params: { sessionId, path: '/work/a.txt' },
    });
    test.agent.writeLine(
      JSON.stringify({
        jsonrpc: '2.0',
        id: readRequest?.id,
        error: { code: -32601, message: 'no fs' },
      }),
    );
    const messages = await test.take();
    expect([...updateKinds(messages), messages.at(-1)?.result?.stopReason]).toEqual([
      'agent_message_chunk',
      'end_turn',
    ]);
    expect(test.agent.outcomes).toEqual([
      {
        method: 'fs/read_text_file',
        params: { sessionId, path: '/work/a.txt' },
        error: { code: -32601, message: 'no fs' },
      },
    ]);
  });
});
