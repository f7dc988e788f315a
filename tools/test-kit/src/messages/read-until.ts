/** A stream-json message as an SDK or a client reader yields it: only `type` is relied on. */
export type MessageLike = { readonly type: string };

/** Reads messages until (and including) the first one `stop` accepts, or the end of `iterator`. */
export async function readUntil<Message>(
  iterator: AsyncIterator<Message>,
  stop: (message: Message) => boolean,
): Promise<Message[]> {
  const seen: Message[] = [];
  while (true) {
    const next = await iterator.next();
    if (next.done) return seen;
    seen.push(next.value);
    if (stop(next.value)) return seen;
  }
}

/** True for the `result` message that ends a turn. */
export const isResult = (message: MessageLike): boolean => message.type === 'result';

/** `type`, `type/subtype` or `stream_event/<event type>` of a message, for order assertions. */
export function kindOf(message: MessageLike): string {
  const { subtype, event } = message as { subtype?: unknown; event?: { type?: unknown } };
  if (message.type === 'stream_event' && typeof event?.type === 'string')
    return `stream_event/${event.type}`;
  return typeof subtype === 'string' ? `${message.type}/${subtype}` : message.type;
}
