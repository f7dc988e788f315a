import type { BridgeEvent } from '@agentbridge/core/contracts';

/** How one request waits: the series of its id, a tag `settleAll` may pick it by, a deadline. */
type Waiting<Tag> = { readonly series?: string; readonly tag?: Tag; readonly timeoutMs?: number };

/**
 * A table of requests waiting for their answer (the agent's, the client's or the host's), each
 * settled exactly once: by its answer, its deadline or `settleAll`; whatever comes later finds
 * nothing (F-07). `id` makes the `n`th id of a series (from 1, never reused), `ended` the outcome
 * of `settleAll(reason)`; `withdrawn` tells the peer of a request settled by its deadline or by
 * `settleAll`. Pure: a deadline is a timer `<prefix><id>` the host runs and reports (`onTimer`).
 */
export function createPendingRequests<Id, Outcome, Tag = never>(options: {
  readonly id: (n: number, series: string) => Id;
  readonly ended: (reason: string) => Outcome;
  readonly withdrawn?: (id: Id) => void;
  readonly timer?: { prefix: string; timedOut: Outcome; emit: (event: BridgeEvent) => void };
}) {
  const { timer } = options;
  type Entry = { tag?: Tag; timerId?: string; onSettle: (outcome: Outcome, id: Id) => void };
  const entries = new Map<Id, Entry>();
  const counters = new Map<string, number>();
  const settle = (id: Id, outcome: Outcome, withdrawn = false) => {
    const entry = entries.get(id);
    if (entry === undefined) return false;
    entries.delete(id);
    if (entry.timerId !== undefined) timer?.emit({ type: 'cancel-timer', timerId: entry.timerId });
    if (withdrawn) options.withdrawn?.(id);
    entry.onSettle(outcome, id);
    return true;
  };
  return {
    /** Takes a fresh id, remembers `onSettle`, runs `send(id)`, then starts the deadline if any. */
    register(send: (id: Id) => void, onSettle: Entry['onSettle'], waiting: Waiting<Tag> = {}): Id {
      const { series = '', tag, timeoutMs } = waiting;
      const n = (counters.get(series) ?? 0) + 1;
      counters.set(series, n);
      const id = options.id(n, series);
      const timerId = timer && timeoutMs !== undefined ? `${timer.prefix}${id}` : undefined;
      entries.set(id, { tag, timerId, onSettle });
      send(id);
      if (timerId !== undefined)
        timer?.emit({ type: 'start-timer', timerId, delayMs: timeoutMs ?? 0 });
      return id;
    },
    /** Settles `id` with its answer; false when nothing waits for it (unknown or already settled). */
    settle: (id: Id, outcome: Outcome): boolean => settle(id, outcome),
    /** A host timer fired: true when it is a deadline (settled `timedOut` if still waiting). */
    onTimer(timerId: string): boolean {
      if (timer === undefined || !timerId.startsWith(timer.prefix)) return false;
      const found = [...entries].find(([, entry]) => entry.timerId === timerId);
      if (found !== undefined) settle(found[0], timer.timedOut, true);
      return true;
    },
    /** Settles, oldest first, those still waiting (whose tag `which` accepts) with `ended(reason)`. */
    settleAll(reason: string, which?: (tag: Tag | undefined) => boolean): void {
      for (const [id, entry] of [...entries])
        if (which === undefined || which(entry.tag)) settle(id, options.ended(reason), true);
    },
    /** How many wait. */
    count: () => entries.size,
  };
}

/** What `createPendingRequests` makes. */
export type PendingRequests<Id, Outcome, Tag = never> = ReturnType<
  typeof createPendingRequests<Id, Outcome, Tag>
>;
