import { createAsyncQueue } from '@agentbridge/test-kit';
import type { SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';

/** The content of a user message: text, or Anthropic content blocks (text, image, ...). */
export type UserContent = SDKUserMessage['message']['content'];

/**
 * A streaming-input prompt (what control requests need): `push` queues a user message (a string
 * becomes one text block), `end` finishes the iterable (the SDK then closes the CLI's stdin).
 */
export type PromptQueue = AsyncIterable<SDKUserMessage> & {
  readonly push: (content: UserContent) => void;
  readonly end: () => void;
};

/** Creates an empty {@link PromptQueue}. */
export function createPromptQueue(): PromptQueue {
  const queue = createAsyncQueue<SDKUserMessage>();
  return {
    push: (content) =>
      queue.push({
        type: 'user',
        message: {
          role: 'user',
          content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
        },
        parent_tool_use_id: null,
      }),
    end: queue.end,
    [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
  };
}
