import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';

/** Reads SDK messages until (and including) the first one `stop` accepts, or the end. */
export async function readUntil(
  iterator: AsyncIterator<SDKMessage>,
  stop: (message: SDKMessage) => boolean,
): Promise<SDKMessage[]> {
  const seen: SDKMessage[] = [];
  while (true) {
    const next = await iterator.next();
    if (next.done) return seen;
    seen.push(next.value);
    if (stop(next.value)) return seen;
  }
}

/** True for the `result` message that ends a turn. */
export const isResult = (message: SDKMessage): boolean => message.type === 'result';

/** `type` or `type/subtype` (`stream_event/<event type>`) of a message, for order assertions. */
export function kindOf(message: SDKMessage): string {
  const subtype = (message as { subtype?: unknown }).subtype;
  if (message.type === 'stream_event') return `stream_event/${message.event.type}`;
  return typeof subtype === 'string' ? `${message.type}/${subtype}` : message.type;
}

/** The content blocks of the assistant messages among `messages`, in order. */
export function assistantBlocks(messages: readonly SDKMessage[]): Record<string, unknown>[] {
  return messages.flatMap((message) =>
    message.type === 'assistant'
      ? (message.message.content as unknown as Record<string, unknown>[])
      : [],
  );
}

/** The concatenated `text_delta` / `thinking_delta` of the partial `stream_event`s. */
export function streamedDeltas(
  messages: readonly SDKMessage[],
  deltaType: 'text_delta' | 'thinking_delta',
): string {
  return messages
    .map((message) => {
      if (message.type !== 'stream_event' || message.event.type !== 'content_block_delta')
        return '';
      const delta = message.event.delta as { type: string; text?: string; thinking?: string };
      if (delta.type !== deltaType) return '';
      return (deltaType === 'text_delta' ? delta.text : delta.thinking) ?? '';
    })
    .join('');
}
