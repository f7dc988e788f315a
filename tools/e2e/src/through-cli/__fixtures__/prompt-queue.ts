import type { SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';

/**
 * A streaming-input prompt for `query()` (control requests need one): `push` queues a text user
 * message, `end` finishes the iterable (the SDK then closes the CLI's stdin).
 */
export type PromptQueue = AsyncIterable<SDKUserMessage> & {
  readonly push: (text: string) => void;
  readonly end: () => void;
};

/** Creates an empty {@link PromptQueue}. */
export function createPromptQueue(): PromptQueue {
  const pending: SDKUserMessage[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push: (text) => {
      pending.push({
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text }] },
        parent_tool_use_id: null,
      });
      notify();
    },
    end: () => {
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      while (true) {
        const next = pending.shift();
        if (next) {
          yield next;
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
