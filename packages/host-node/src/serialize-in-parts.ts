import { randomUUID } from 'node:crypto';
import type { KnownServerMessage } from '@agentbridge/core';

/** A string longer than this (UTF-16 units) is serialised and written a part at a time. */
const longString = 1024 * 1024;

/** Whether serialising `value` would copy a string longer than 1 Mi units (the depth is bounded). */
export function hasLongString(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length > longString;
  if (typeof value !== 'object' || value === null || depth > 6) return false;
  for (const key in value)
    if (hasLongString((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/** Marks where a long string goes in a message's serialised skeleton (drawn on first use). */
let placeholder: string | undefined;

/**
 * `JSON.stringify(message)` in parts: its long strings escaped a part at a time (a part never ends
 * inside a surrogate pair; it is short enough to die young), so no copy of them is ever whole. The
 * same text as `JSON.stringify` (a property test). `mask` (secrets) sees each long string whole,
 * before it is cut, and each piece between them.
 */
export function* serializeInParts(
  message: KnownServerMessage,
  mask: (text: string) => string = (text) => text,
  partLength = 32 * 1024,
): Generator<string> {
  const long: string[] = [];
  placeholder ??= `\u0000${randomUUID()}\u0000`;
  const marker = placeholder;
  const skeleton = JSON.stringify(message, (_key, value) => {
    if (typeof value !== 'string' || value.length <= partLength) return value;
    long.push(value);
    return marker;
  });
  const pieces = skeleton.split(JSON.stringify(marker));
  // A string of the message equal to the placeholder (a random UUID) would misplace the parts.
  if (pieces.length !== long.length + 1) return yield mask(JSON.stringify(message));
  for (const [index, piece] of pieces.entries()) {
    yield mask(piece);
    const value = mask(long[index] ?? '');
    for (let start = 0; start < value.length; ) {
      let end = Math.min(start + partLength, value.length);
      const code = value.charCodeAt(end - 1);
      if (end < value.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
      const json = JSON.stringify(value.slice(start, end));
      yield start === 0
        ? json.slice(0, -1)
        : end === value.length
          ? json.slice(1)
          : json.slice(1, -1);
      start = end;
    }
  }
}
