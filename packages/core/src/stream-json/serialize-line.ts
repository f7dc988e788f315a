import { InternalError } from '../errors/internal-error.js';
import type { ClientMessage } from './client-message.js';
import type { ServerMessage } from './server-message.js';

/**
 * Turns a message into exactly one stream-json line, **without** the trailing newline (the
 * transport adds it). `JSON.stringify` escapes every line break inside strings, so the result never
 * spans lines. Throws {@link InternalError} only on a programming error (a cycle, a `BigInt`).
 */
export function serializeLine(message: ClientMessage | ServerMessage): string {
  let line: string | undefined;
  try {
    line = JSON.stringify(message);
  } catch (error) {
    throw new InternalError('stream-json message is not serializable', { cause: error });
  }
  if (typeof line !== 'string') {
    throw new InternalError('stream-json message serialized to nothing');
  }
  if (line.includes('\n') || line.includes('\r')) {
    throw new InternalError('stream-json line contains a line break');
  }
  return line;
}
