import { assertKnownServerLine } from './assert-known-server-line.js';
import type { Line } from './bridge-harness.js';

/** Serialises and parses a line as the client reads it; it must be a message core models, valid. */
export function wire(line: Record<string, unknown>): Line {
  const parsed = JSON.parse(JSON.stringify(line));
  assertKnownServerLine(parsed);
  return parsed;
}

/** The session id and uuid of the lines built in these tests. */
export const identity = { sessionId: 'sess-1', uuid: 'uuid-1' };
