import type { BridgeEvent } from '@agentbridge/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClientAnswer, createClientRequestChannel } from './client-request-channel.js';

const hook = {
  subtype: 'hook_callback',
  callback_id: 'hook_0',
  input: { hook_event_name: 'Stop' },
};

function channel() {
  const events: BridgeEvent[] = [];
  const answers: [string, ClientAnswer][] = [];
  const requests = createClientRequestChannel((event) => events.push(event));
  const ask = (scope: 'turn' | 'session', timeoutMs?: number) => {
    const id: string = requests.ask(hook as never, { scope, timeoutMs }, (answer) =>
      answers.push([id, answer]),
    );
    return id;
  };
  return { requests, events, answers, ask };
}

describe('createClientRequestChannel', () => {
  it('F-06 sends a control_request, starts its timer and settles it once with the client answer', () => {
    const { requests, events, answers, ask } = channel();
    const id = ask('turn', 1000);
    expect(id).toBe('agentbridge-1');
    expect(events).toEqual([
      {
        type: 'client-message',
        message: { type: 'control_request', request_id: id, request: hook },
      },
      { type: 'start-timer', timerId: `client-request:${id}`, delayMs: 1000 },
    ]);
    expect(
      requests.settle({ subtype: 'success', request_id: id, response: { continue: true } }),
    ).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'cancel-timer', timerId: `client-request:${id}` });
    expect(answers).toEqual([[id, { outcome: 'answered', response: { continue: true } }]]);
    // A second answer, and the stale timer, settle nothing.
    expect(requests.settle({ subtype: 'success', request_id: id })).toBe(false);
    expect(requests.onTimer(`client-request:${id}`)).toBe(true);
    expect(answers).toHaveLength(1);
  });

  it('F-06 an error answer, a timeout and a withdrawal each settle their request', () => {
    const { requests, events, answers, ask } = channel();
    const failed = ask('turn');
    const late = ask('turn', 5);
    const turnBound = ask('turn');
    const sessionBound = ask('session');
    requests.settle({ subtype: 'error', request_id: failed, error: 'hook crashed' });
    expect(requests.onTimer(`client-request:${late}`)).toBe(true);
    expect(requests.onTimer('grace')).toBe(false);
    requests.withdraw('turn');
    expect(answers).toHaveLength(3);
    requests.settleAll('The session ended.');
    expect(answers).toEqual([
      [failed, { outcome: 'error', message: 'hook crashed' }],
      [late, { outcome: 'timeout' }],
      [turnBound, { outcome: 'withdrawn' }],
      [sessionBound, { outcome: 'withdrawn' }],
    ]);
    const cancelled = events.flatMap((event) =>
      event.type === 'client-message' && event.message.type === 'control_cancel_request'
        ? [event.message.request_id]
        : [],
    );
    expect(cancelled).toEqual([late, turnBound, sessionBound]);
  });

  it('F-06 property: whatever the order of answers, timers and withdrawals, each request settles exactly once', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('ask' as const), scope: fc.constantFrom('turn', 'session') }),
      fc.record({ kind: fc.constantFrom('answer' as const, 'timer' as const), index: fc.nat(9) }),
      fc.record({
        kind: fc.constant('withdraw' as const),
        scope: fc.constantFrom('turn', 'session'),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { requests, answers, ask } = channel();
        const ids: string[] = [];
        for (const item of steps) {
          if (item.kind === 'ask') ids.push(ask(item.scope as 'turn' | 'session', 10));
          else if (item.kind === 'withdraw')
            item.scope === 'turn' ? requests.withdraw('turn') : requests.settleAll('closed');
          else {
            const id = ids[item.index % Math.max(ids.length, 1)] ?? 'none';
            if (item.kind === 'answer') requests.settle({ subtype: 'success', request_id: id });
            else requests.onTimer(`client-request:${id}`);
          }
        }
        requests.settleAll('closed');
        const settled = answers.map(([id]) => id);
        expect(new Set(settled).size).toBe(settled.length);
        expect([...settled].sort()).toEqual([...ids].sort());
      }),
    );
  });
});
