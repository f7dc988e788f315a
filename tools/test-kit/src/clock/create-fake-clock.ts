/** A manual clock: time moves only on {@link FakeClock.advance}; timers fire in due order. */
export type FakeClock = {
  /** Milliseconds on this clock (what a bridge's injected `now` returns). */
  now(): number;
  /** Runs `callback` once `ms` have passed on this clock. Returns a timer id. */
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(timerId: number): void;
  /** Resolves after `ms` on this clock; rejects with an `AbortError` when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Moves time forward by `ms`, firing due timers in order (each at its own time). */
  advance(ms: number): void;
  /** How many timers wait. */
  readonly pendingTimerCount: number;
};

type Timer = { readonly id: number; readonly dueAt: number; readonly callback: () => void };

/** Creates a {@link FakeClock} starting at `startMs` (default 0). */
export function createFakeClock(startMs = 0): FakeClock {
  let now = startMs;
  let nextId = 1;
  let timers: Timer[] = [];

  const clock: FakeClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId;
      nextId += 1;
      timers.push({ id, dueAt: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(timerId) {
      timers = timers.filter((timer) => timer.id !== timerId);
    },
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        const abortError = () => new DOMException('The operation was aborted', 'AbortError');
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        const timerId = clock.setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        const onAbort = () => {
          clock.clearTimeout(timerId);
          reject(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = timers
          .filter((timer) => timer.dueAt <= target)
          .sort((left, right) => left.dueAt - right.dueAt || left.id - right.id)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer.id !== due.id);
        now = due.dueAt;
        due.callback();
      }
      now = target;
    },
    get pendingTimerCount() {
      return timers.length;
    },
  };
  return clock;
}
