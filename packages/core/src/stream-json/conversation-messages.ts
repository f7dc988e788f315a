import { z } from 'zod';
import { contentBlockSchema } from './content-blocks.js';
import { flag, jsonObject, object, text } from './schema-kit.js';

const count = z.number().nullable().optional();

/** Runtime schema of {@link Usage}: token counts of one API response (Anthropic `BetaUsage`). */
export const usageSchema = object({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
  server_tool_use: jsonObject.optional(),
  service_tier: z.string().nullable().optional(),
  iterations: z.array(jsonObject).optional(),
});

/** Runtime schema of the `message` of an `assistant` line (Anthropic `BetaMessage`). */
export const assistantMessageBodySchema = object({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(contentBlockSchema),
  /** `null` on `assistant` lines: the turn's stop reason is on `result`. */
  stop_reason: z.string().nullable().optional(),
  stop_sequence: z.string().nullable().optional(),
  usage: usageSchema.optional(),
  context_management: jsonObject.nullable().optional(),
});

/** Runtime schema of {@link AssistantMessage}: one completed content block of a response. */
export const assistantMessageSchema = object({
  type: z.literal('assistant'),
  message: assistantMessageBodySchema,
  /** Non-null for subagent traffic: the `Task`/`Agent` tool_use id. */
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
  uuid: text,
  error: text,
  aborted: flag,
  agent_id: text,
  request_id: text,
  timestamp: text,
});

const userMessageShape = {
  type: z.literal('user'),
  message: object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(contentBlockSchema)]),
  }),
  parent_tool_use_id: z.string().nullable().optional(),
  /** `""` from clients (the CLI uses its own). */
  session_id: text,
  /** Client-chosen id, echoed as `user_message_uuid` and used by `cancel_async_message`. */
  uuid: text,
  priority: z.enum(['now', 'next', 'later']).optional(),
  /** `false`: append to the conversation without starting a turn. */
  shouldQuery: flag,
  client_composed: flag,
  origin: z.looseObject({ kind: z.string() }).optional(),
  isSynthetic: flag,
  /** Agent side: the client's own line echoed back (`--replay-user-messages`). */
  isReplay: flag,
  tool_use_result: z.unknown().optional(),
  tool_result_meta: z.array(z.unknown()).optional(),
  timestamp: text,
};

/** Runtime schema of a client's {@link UserMessage} (a prompt). */
export const userMessageSchema = object(userMessageShape);

/** Runtime schema of {@link ServerUserMessage}: tool results, interruption markers, replays. */
export const serverUserMessageSchema = object({
  ...userMessageShape,
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
});

export type Usage = z.output<typeof usageSchema>;
export type AssistantMessage = z.output<typeof assistantMessageSchema>;
export type UserMessage = z.output<typeof userMessageSchema>;
export type ServerUserMessage = z.output<typeof serverUserMessageSchema>;
