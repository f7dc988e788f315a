import type { ServerMessage } from '@agentbridge/core';
import { isKnownServerMessage, serverMessageSchema } from '@agentbridge/core';

/**
 * Throws unless `line` (a parsed client-bound line) is a stream-json message core models, with a
 * valid shape: the unknown-`type`/`subtype` fallback of `serverMessageSchema` is not accepted, so a
 * misspelt `{ type: 'assistnat' }` fails.
 */
export function assertKnownServerLine(line: unknown): void {
  const parsed = serverMessageSchema.safeParse(line);
  if (!parsed.success)
    throw new Error(`invalid client line ${JSON.stringify(line)}: ${parsed.error.message}`);
  if (!isKnownServerMessage(parsed.data as ServerMessage))
    throw new Error(`client line of an unknown type or subtype: ${JSON.stringify(line)}`);
}
