/**
 * A push-driven async iterable: `push` queues an item, `end` finishes the iteration once the queued
 * items are consumed. Used as the streaming-input prompt of the Claude Agent SDK's `query()`.
 */
export type AsyncQueue<Item> = AsyncIterable<Item> & {
  readonly push: (item: Item) => void;
  readonly end: () => void;
};

/** Creates an empty {@link AsyncQueue}. Items pushed after `end` are still delivered. */
export function createAsyncQueue<Item>(): AsyncQueue<Item> {
  const pending: Item[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push: (item) => {
      pending.push(item);
      notify();
    },
    end: () => {
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      while (true) {
        if (pending.length > 0) {
          yield pending.shift() as Item;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
