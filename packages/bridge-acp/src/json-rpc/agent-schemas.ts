import { z } from 'zod';

/*
 * The agent's side of the edge: what an ACP agent sends, parsed once where it enters the bridge
 * (agent-intake.ts for notifications and requests, agent-request.ts for the answers to the
 * bridge's requests). The SDK's generated zod schemas are not reachable (its package `exports`
 * names no schema module) and they are strict where real agents are not (a required `title`,
 * closed enums, unknown keys stripped), so these are the SDK's shapes made lenient: objects keep
 * unknown keys, and a field of the wrong type reads as absent, exactly as the hand-written checks
 * read it. No schema here fails on an object; callers never see a throw.
 */

/** A protocol-open JSON object (`rawInput`, `_meta`): kept whole, read through typed accessors. */
export type OpenObject = { readonly [key: string]: unknown };

/** A JSON object, not an array. */
export const isOpenObject = (value: unknown): value is OpenObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field when it has the schema's type; absent (`undefined`) otherwise. */
export const loose = <Schema extends z.ZodType>(schema: Schema) =>
  schema.optional().catch(undefined);

export const openObject = z.custom<OpenObject>(isOpenObject);
const text = loose(z.string());
const amount = loose(z.number());
const flag = loose(z.boolean());

/** An object schema that keeps unknown keys; a non-object reads as `undefined`. */
export const lenient = <const Shape extends z.ZodRawShape>(shape: Shape) =>
  loose(z.looseObject(shape));

/** A JSON-RPC `error` object as received: any object is one, its fields as typed as sent. */
const rpcError = z
  .looseObject({ code: amount, message: text, data: z.unknown().optional() })
  .catch(() => ({}));

/** One JSON-RPC message from the agent (A-05..A-07), before it is told apart by its fields. */
export const agentEnvelope = z.looseObject({
  id: loose(z.union([z.number(), z.string()])),
  method: text,
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});

/** The `error` of a response: `undefined` when the message carries none (an object is one). */
export const readRpcError = (error: unknown) =>
  typeof error === 'object' && error !== null ? rpcError.parse(error) : undefined;

/** ACP `usage` token counts (a prompt answer's, the flat `_meta` convention, `_meta.usage` rows). */
const tokenRow = z.looseObject({
  inputTokens: amount,
  outputTokens: amount,
  cachedReadTokens: amount,
  cachedWriteTokens: amount,
  cacheCreationTokens: amount,
});
/** A `_meta.quota` `token_count`, snake or camel case. */
const quotaRow = lenient({
  input_tokens: amount,
  inputTokens: amount,
  output_tokens: amount,
  outputTokens: amount,
  cached_input_tokens: amount,
  cachedInputTokens: amount,
});

/** The usage conventions agents put in `_meta` (U-02, U-12): a reading, rows, quota, a cost. */
export const usageMeta = lenient({
  totalTokens: amount,
  inputTokens: amount,
  outputTokens: amount,
  cachedReadTokens: amount,
  usage: loose(
    tokenRow.extend({
      modelUsage: loose(z.record(z.string(), loose(tokenRow))),
      costUsdTicks: amount,
      costIsPartial: flag,
      usageIsIncomplete: flag,
    }),
  ),
  quota: lenient({
    token_count: quotaRow,
    model_usage: loose(z.array(lenient({ model: text, token_count: quotaRow }))),
  }),
});
export type UsageMeta = NonNullable<z.output<typeof usageMeta>>;
export type TokenRow = z.output<typeof tokenRow>;
export type QuotaRow = NonNullable<z.output<typeof quotaRow>>;

/** ACP `usage_update` (U-01): `used`, `size`, `cost` (its `amount` checked by the ledger). */
export const usageUpdate = z.looseObject({
  used: amount,
  size: amount,
  cost: lenient({ currency: text, amount: z.unknown().optional() }),
});
export type UsageUpdateIn = z.output<typeof usageUpdate>;

/** The answer to `session/prompt` (R-02, U-11): its stop reason and usage. */
export const promptResponse = lenient({
  stopReason: text,
  usage: loose(tokenRow),
  _meta: usageMeta,
});
export type PromptResponseIn = z.output<typeof promptResponse>;
