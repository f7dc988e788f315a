import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../clock/create-fake-clock.js';
import { driveFakeAgent as driver } from './__fixtures__/drive-fake-agent.js';
import { updateKinds } from './create-agent-driver.js';

describe('fake agent: prompt scripts and steps', () => {
  it('answers cancelled when session/cancel arrives during wait-for-cancel, after the cancel steps', async () => {
    const test = driver({
      prompts: [
        {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'working' },
              },
            },
            { type: 'wait-for-cancel' },
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'never' },
              },
            },
          ],
          onCancel: {
            steps: [
              {
                type: 'update',
                update: { sessionUpdate: 'tool_call_update', toolCallId: 't', status: 'failed' },
              },
            ],
          },
        },
      ],
    });
    const sessionId = await test.openSession();
    const id = test.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: 'go' }],
    });
    expect(updateKinds(await test.take())).toEqual(['agent_message_chunk']);
    test.notify('session/cancel', { sessionId });
    const messages = await test.take();
    expect(updateKinds(messages)).toEqual(['tool_call_update']);
    expect(messages.at(-1)).toEqual({ jsonrpc: '2.0', id, result: { stopReason: 'cancelled' } });
  });

  it('runs delays on the injected sleep and interrupts them on cancel', async () => {
    const clock = createFakeClock();
    const test = driver(
      {
        prompts: [
          {
            steps: [
              { type: 'delay', ms: 1000 },
              { type: 'update', update: { sessionUpdate: 'plan', entries: [] } },
            ],
          },
          {
            steps: [
              { type: 'delay', ms: 1000 },
              { type: 'update', update: { sessionUpdate: 'plan', entries: [] } },
            ],
          },
        ],
      },
      { sleep: clock.sleep },
    );
    const sessionId = await test.openSession();
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'one' }] });
    expect(await test.take()).toEqual([]);
    clock.advance(999);
    expect(await test.take()).toEqual([]);
    clock.advance(1);
    const first = await test.take();
    expect([...updateKinds(first), first.at(-1)?.result?.stopReason]).toEqual(['plan', 'end_turn']);
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'two' }] });
    await test.take();
    test.notify('session/cancel', { sessionId });
    const second = await test.take();
    expect(second.map((message) => message.result?.stopReason)).toEqual(['cancelled']);
    expect(clock.pendingTimerCount).toBe(0);
  });

  it('keeps the script running when the cancel is ignored', async () => {
    const test = driver({
      cancel: { ignore: true },
      prompts: [
        {
          steps: [
            { type: 'wait-for-cancel' },
            { type: 'update', update: { sessionUpdate: 'plan', entries: [] } },
          ],
        },
      ],
    });
    const sessionId = await test.openSession();
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    await test.take();
    test.notify('session/cancel', { sessionId });
    const messages = await test.take();
    expect([...updateKinds(messages), messages.at(-1)?.result?.stopReason]).toEqual([
      'plan',
      'end_turn',
    ]);
  });
});
