import type { BridgeEvent } from '@agentbridge/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPendingRequests } from './pending-requests.js';

type Outcome = { readonly by: 'answer' | 'timeout' | 'ended'; readonly value?: string };

function table() {
  const events: (BridgeEvent | { readonly type: 'sent' | 'withdrawn'; readonly id: string })[] = [];
  const settled: [string, Outcome][] = [];
  const pending = createPendingRequests<string, Outcome, 'turn' | 'session'>({
    id: (n, series) => `${series || 'req'}-${n}`,
    ended: (reason) => ({ by: 'ended', value: reason }),
    withdrawn: (id) => events.push({ type: 'withdrawn', id }),
    timer: { prefix: 'pending:', timedOut: { by: 'timeout' }, emit: (event) => events.push(event) },
  });
  const register = (waiting?: Parameters<typeof pending.register>[2]) =>
    pending.register(
      (id) => events.push({ type: 'sent', id }),
      (outcome, id) => settled.push([id, outcome]),
      waiting,
    );
  return { pending, events, settled, register };
}

describe('createPendingRequests', () => {
  it('F-07 ids count from 1 per series, never reused; the request is sent before its deadline starts', () => {
    const { events, register } = table();
    expect(register()).toBe('req-1');
    expect(register({ series: 'mcp', timeoutMs: 50 })).toBe('mcp-1');
    expect(register()).toBe('req-2');
    expect(events).toEqual([
      { type: 'sent', id: 'req-1' },
      { type: 'sent', id: 'mcp-1' },
      { type: 'start-timer', timerId: 'pending:mcp-1', delayMs: 50 },
      { type: 'sent', id: 'req-2' },
    ]);
  });

  it('F-07 F-02 an answer settles once and stops the deadline; a late answer or timer settles nothing', () => {
    const { pending, events, settled, register } = table();
    const id = register({ timeoutMs: 10 });
    expect(pending.settle(id, { by: 'answer', value: 'yes' })).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'cancel-timer', timerId: `pending:${id}` });
    expect(pending.settle(id, { by: 'answer', value: 'again' })).toBe(false);
    expect(pending.onTimer(`pending:${id}`)).toBe(true);
    expect(pending.onTimer('turn-timer')).toBe(false);
    expect(pending.settle('unknown', { by: 'answer' })).toBe(false);
    expect(settled).toEqual([[id, { by: 'answer', value: 'yes' }]]);
    expect(events.filter((event) => event.type === 'withdrawn')).toEqual([]);
  });

  it('F-07 F-06 a deadline and settleAll withdraw what still waits, by tag or all, oldest first', () => {
    const { pending, events, settled, register } = table();
    const late = register({ tag: 'turn', timeoutMs: 5 });
    const turn = register({ tag: 'turn' });
    const session = register({ tag: 'session' });
    const untagged = register();
    expect(pending.onTimer(`pending:${late}`)).toBe(true);
    pending.settleAll('turn over', (tag) => tag === 'turn');
    expect(pending.count()).toBe(2);
    pending.settleAll('The agent process exited.');
    expect(pending.count()).toBe(0);
    expect(settled).toEqual([
      [late, { by: 'timeout' }],
      [turn, { by: 'ended', value: 'turn over' }],
      [session, { by: 'ended', value: 'The agent process exited.' }],
      [untagged, { by: 'ended', value: 'The agent process exited.' }],
    ]);
    const withdrawn = events.flatMap((event) => (event.type === 'withdrawn' ? [event.id] : []));
    expect(withdrawn).toEqual([late, turn, session, untagged]);
  });

  it('F-07 without deadlines a table starts no timer and claims none', () => {
    const pending = createPendingRequests<number, string>({ id: (n) => n, ended: (why) => why });
    const outcomes: string[] = [];
    pending.register(
      () => {},
      (outcome) => outcomes.push(outcome),
      { timeoutMs: 5 },
    );
    expect(pending.onTimer('1')).toBe(false);
    pending.settleAll('gone');
    expect(outcomes).toEqual(['gone']);
  });

  it('F-07 property: any interleaving of register, answer, timeout, withdrawal and settleAll settles each request exactly once', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('register' as const),
        tag: fc.constantFrom('turn' as const, 'session' as const, undefined),
        series: fc.constantFrom('', 'acp-perm', 'mcp'),
        timeoutMs: fc.option(fc.nat(100), { nil: undefined }),
        // Its settlement answers another request at once (a continuation settling a sibling).
        chained: fc.boolean(),
      }),
      fc.record({ kind: fc.constantFrom('answer' as const, 'timer' as const), index: fc.nat(20) }),
      fc.record({ kind: fc.constantFrom('withdraw-turn' as const, 'settle-all' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { pending, events, settled } = table();
        const ids: string[] = [];
        const waiting = new Set<string>();
        const settledBy = new Map<string, Outcome['by']>();
        for (const item of steps) {
          if (item.kind === 'register') {
            const id = pending.register(
              () => {},
              (outcome, settledId) => {
                settled.push([settledId, outcome]);
                if (item.chained)
                  for (const other of ids)
                    if (pending.settle(other, { by: 'answer', value: 'chained' })) break;
              },
              item,
            );
            expect(ids).not.toContain(id);
            ids.push(id);
          } else if (item.kind === 'answer' || item.kind === 'timer') {
            const id = ids[item.index % Math.max(ids.length, 1)] ?? 'none';
            if (item.kind === 'answer')
              expect(pending.settle(id, { by: 'answer' })).toBe(waiting.has(id));
            else expect(pending.onTimer(`pending:${id}`)).toBe(true);
          } else if (item.kind === 'withdraw-turn') pending.settleAll('turn', (t) => t === 'turn');
          else pending.settleAll('closed');
          for (const [id, outcome] of settled) settledBy.set(id, outcome.by);
          waiting.clear();
          for (const id of ids) if (!settledBy.has(id)) waiting.add(id);
          expect(pending.count()).toBe(waiting.size);
        }
        pending.settleAll('closed');
        const once = settled.map(([id]) => id);
        expect(new Set(once).size).toBe(once.length);
        expect([...once].sort()).toEqual([...ids].sort());
        // Only requests with a deadline time out; every started timer is cancelled once.
        const starts = events.flatMap((event) =>
          event.type === 'start-timer' ? [event.timerId] : [],
        );
        const cancels = events.flatMap((event) =>
          event.type === 'cancel-timer' ? [event.timerId] : [],
        );
        expect([...cancels].sort()).toEqual([...starts].sort());
        for (const [id, outcome] of settled)
          if (outcome.by === 'timeout') expect(starts).toContain(`pending:${id}`);
        // The peer is told of exactly the requests settled other than by an answer.
        const withdrawn = events.flatMap((event) => (event.type === 'withdrawn' ? [event.id] : []));
        const unanswered = settled.filter(([, outcome]) => outcome.by !== 'answer');
        expect(withdrawn).toEqual(unanswered.map(([id]) => id));
      }),
      { numRuns: 500 },
    );
  });
});
