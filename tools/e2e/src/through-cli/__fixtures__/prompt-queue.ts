import { createAsyncQueue } from '@agentbridge/test-kit';
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
  const queue = createAsyncQueue<SDKUserMessage>();
  return {
    push: (text) =>
      queue.push({
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text }] },
        parent_tool_use_id: null,
      }),
    end: queue.end,
    [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
  };
}
