import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';

/** Reads SDK messages until (and including) the first one `stop` accepts. */
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

/** `type` or `type/subtype` of a message, for order assertions. */
export function kindOf(message: SDKMessage): string {
  const subtype = (message as { subtype?: unknown }).subtype;
  if (message.type === 'stream_event') return `stream_event/${message.event.type}`;
  return typeof subtype === 'string' ? `${message.type}/${subtype}` : message.type;
}
