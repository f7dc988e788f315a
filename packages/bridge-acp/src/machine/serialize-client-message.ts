/**
 * Serialises one client line. Text and thinking deltas — the hot path, one per agent chunk — are
 * written by hand in `JSON.stringify`'s exact output (same key order, same escaping via
 * `JSON.stringify` of the strings); every other line goes through `JSON.stringify`.
 */
export function serializeClientMessage(message: Record<string, unknown>): string {
  if (message.type === 'stream_event') {
    const fast = serializeDelta(message);
    if (fast !== undefined) return fast;
  }
  return JSON.stringify(message);
}

const deltaKeys = ['type', 'event', 'session_id', 'parent_tool_use_id', 'uuid'];

function serializeDelta(message: Record<string, unknown>): string | undefined {
  const event = message.event as Record<string, unknown> | undefined;
  if (event === undefined || event === null || event.type !== 'content_block_delta')
    return undefined;
  const delta = event.delta as Record<string, unknown> | undefined;
  const index = event.index;
  const sessionId = message.session_id;
  const uuid = message.uuid;
  if (
    delta === undefined ||
    delta === null ||
    typeof index !== 'number' ||
    !Number.isInteger(index) ||
    typeof sessionId !== 'string' ||
    typeof uuid !== 'string' ||
    message.parent_tool_use_id !== null ||
    !hasExactKeys(message, deltaKeys) ||
    !hasExactKeys(event, ['type', 'index', 'delta'])
  ) {
    return undefined;
  }
  let deltaText: string;
  if (
    delta.type === 'text_delta' &&
    typeof delta.text === 'string' &&
    hasExactKeys(delta, ['type', 'text'])
  ) {
    deltaText = `{"type":"text_delta","text":${JSON.stringify(delta.text)}}`;
  } else if (
    delta.type === 'thinking_delta' &&
    typeof delta.thinking === 'string' &&
    hasExactKeys(delta, ['type', 'thinking'])
  ) {
    deltaText = `{"type":"thinking_delta","thinking":${JSON.stringify(delta.thinking)}}`;
  } else {
    return undefined;
  }
  return `{"type":"stream_event","event":{"type":"content_block_delta","index":${index},"delta":${deltaText}},"session_id":${JSON.stringify(sessionId)},"parent_tool_use_id":null,"uuid":${JSON.stringify(uuid)}}`;
}

/** True when `record`'s own enumerable keys are exactly `keys`, in this order. */
function hasExactKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  let position = 0;
  for (const key in record) {
    if (keys[position] !== key) return false;
    position += 1;
  }
  return position === keys.length;
}
