import type { z } from 'zod';
import type { JsonRpcChannel, RpcOutcome } from './json-rpc.js';

/**
 * Sends a request to the agent whose answer is parsed at the edge: a result by `schema` (one of
 * agent-schemas.ts, lenient, so it never throws), an error as the envelope read it.
 */
export function requestAgent<Schema extends z.ZodType>(
  rpc: JsonRpcChannel,
  method: string,
  params: object,
  schema: Schema,
  onAnswer: (outcome: RpcOutcome<z.output<Schema>>) => void,
): void {
  rpc.request(method, params, (outcome) =>
    onAnswer(outcome.ok ? { ok: true, result: schema.parse(outcome.result) } : outcome),
  );
}
