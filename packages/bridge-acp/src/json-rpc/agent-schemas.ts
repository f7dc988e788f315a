import type { AuthMethod, SessionConfigOption } from '@agentclientprotocol/sdk/unstable';
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

/** A list, its items typed as the SDK declares them; their readers check each field. */
export const listOf = <Item>() =>
  loose(z.array(z.unknown()).transform((items) => items as readonly Item[]));

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

/** The `session/new`, `load`, `resume` or `fork` answer (S-10..S-12): its id and catalogue. */
export const sessionResult = lenient({
  sessionId: text,
  modes: lenient({ availableModes: z.unknown().optional(), currentModeId: text }),
  models: lenient({ availableModels: z.unknown().optional(), currentModelId: text }),
  configOptions: listOf<SessionConfigOption>(),
});
export type SessionResultIn = z.output<typeof sessionResult>;

/** A session capability (H-04): an object offers it, and so does any value but `null`/`false`. */
const capability = loose(
  z
    .unknown()
    .transform((value) =>
      value === undefined || value === null || value === false
        ? undefined
        : isOpenObject(value)
          ? value
          : {},
    ),
);

/**
 * The `initialize` answer (H-03..H-06), in the SDK's `InitializeResponse` shape: anything but an
 * object reads as `{}`, a field of the wrong type as absent (`agentCapabilities: 5`: none).
 */
export const initializeResult = z
  .looseObject({
    protocolVersion: amount,
    agentCapabilities: lenient({
      loadSession: flag,
      promptCapabilities: lenient({ image: flag, audio: flag, embeddedContext: flag }),
      mcpCapabilities: lenient({ http: flag, sse: flag }),
      sessionCapabilities: lenient({
        resume: capability,
        fork: capability,
        list: capability,
        systemPrompt: capability,
        additionalDirectories: capability,
      }),
    }),
    // H-06: the objects of the list, whole; readAuthMethods checks their fields.
    authMethods: loose(
      z.array(z.unknown()).transform((items) => items.filter(isOpenObject) as AuthMethod[]),
    ),
    // H-05: a name or version that is not a string reads as empty, as the SDK's type has both.
    agentInfo: lenient({ name: z.string().catch(''), title: text, version: z.string().catch('') }),
  })
  .catch(() => ({}));
export type InitializeResultIn = z.output<typeof initializeResult>;

/**
 * The params of an agent's client `fs`/`terminal` call (CF-02..CF-06), in the SDK's
 * `ReadTextFileRequest`, `WriteTextFileRequest`, `CreateTerminalRequest` and terminal-id shapes.
 */
export const clientMethodParams = z
  .looseObject({
    sessionId: text,
    path: text,
    line: amount,
    limit: amount,
    content: z.unknown().optional(),
    command: text,
    args: loose(z.array(z.unknown()).transform((items) => items.map(String))),
    terminalId: text,
  })
  .catch(() => ({}));
export type ClientMethodParams = z.output<typeof clientMethodParams>;

/** The exit of a client terminal (`TerminalExitStatus`): its code when it has one. */
const exitStatus = lenient({ exitCode: loose(z.number().nullable()) });

/** What the host answered a client call (`ReadTextFileResponse`, `TerminalOutputResponse`, ...). */
export const clientMethodResult = z
  .looseObject({
    content: z.unknown().optional(),
    terminalId: z.unknown().optional(),
    output: text,
    exitCode: loose(z.number().nullable()),
    exitStatus,
  })
  .catch(() => ({}));
export type ClientMethodResult = z.output<typeof clientMethodResult>;

/** A model's `_meta` (U-21): its context window, a known convention. */
export const modelMeta = lenient({ totalContextTokens: amount });

/** The `session/set_config_option` answer (S-13): the options as they are now. */
export const configOptionsResult = lenient({ configOptions: listOf<SessionConfigOption>() });

/** A JSON-RPC error's `data`, or an API error body inside a message: its message. */
export const errorBody = lenient({
  error: z.unknown().optional(),
  message: z.unknown().optional(),
});

/** A tool's `rawOutput` as an MCP result (T-21): `{result: {content}}` or `{content}`. */
export const mcpToolResult = lenient({
  result: lenient({ content: z.unknown().optional() }),
  content: z.unknown().optional(),
});

/** An auth method's `_meta` (AU-10): the terminal sign-in conventions. */
export const authMethodMeta = lenient({
  'terminal-auth': lenient({ command: text, args: z.unknown().optional() }),
  type: text,
  args: z.unknown().optional(),
});
