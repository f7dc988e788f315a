import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from './create-fake-clock.js';

describe('createFakeClock', () => {
  it('moves only on advance and fires due timers in time order, each at its own time', () => {
    const clock = createFakeClock(1000);
    const fired: Array<[string, number]> = [];
    clock.setTimeout(() => fired.push(['late', clock.now()]), 30);
    clock.setTimeout(() => fired.push(['early', clock.now()]), 10);
    const cancelled = clock.setTimeout(() => fired.push(['cancelled', clock.now()]), 20);
    clock.clearTimeout(cancelled);
    expect(clock.now()).toBe(1000);
    clock.advance(25);
    expect(fired).toEqual([['early', 1010]]);
    expect(clock.now()).toBe(1025);
    clock.advance(5);
    expect(fired).toEqual([
      ['early', 1010],
      ['late', 1030],
    ]);
    expect(clock.pendingTimerCount).toBe(0);
  });

  it('fires timers scheduled by a timer within the same advance', () => {
    const clock = createFakeClock();
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 5);
    }, 5);
    clock.advance(10);
    expect(fired).toEqual([5, 10]);
  });

  it('sleeps until advanced and rejects with AbortError on abort', async () => {
    const clock = createFakeClock();
    const slept = clock.sleep(100);
    clock.advance(100);
    await expect(slept).resolves.toBeUndefined();
    const controller = new AbortController();
    const aborted = clock.sleep(100, controller.signal);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(clock.pendingTimerCount).toBe(0);
  });

  it('fires every timer exactly once, in due order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000)),
        fc.array(fc.nat(500), { minLength: 1 }),
        (delays, steps) => {
          const clock = createFakeClock();
          const fired: number[] = [];
          for (const delay of delays) clock.setTimeout(() => fired.push(clock.now()), delay);
          for (const step of steps) clock.advance(step);
          clock.advance(1000);
          expect(fired).toEqual([...delays].sort((left, right) => left - right));
        },
      ),
    );
  });
});
