import { z } from 'zod';
import type { AssistantMessageBody, UserMessageBody } from './anthropic-message.js';
import { assistantMessageBodySchema, userMessageBodySchema } from './anthropic-message.js';
import type { OpenString } from './json-object.js';

/**
 * One **completed content block** of a model response (agent → client). Consecutive lines share
 * `message.id`; `message.stop_reason` is `null` here (the turn's is on `result`).
 */
export type AssistantMessage = {
  readonly type: 'assistant';
  readonly message: AssistantMessageBody;
  /** Non-null for subagent traffic: the `Task`/`Agent` tool_use id. */
  readonly parent_tool_use_id: string | null;
  /** The CLI's session id (a UUID); on every agent-side line. */
  readonly session_id: string;
  /** Id of this line. */
  readonly uuid?: string;
  /** API failure class (`authentication_failed`, `rate_limit`, `billing_error`, ...). */
  readonly error?: OpenString<
    | 'authentication_failed'
    | 'billing_error'
    | 'rate_limit'
    | 'invalid_request'
    | 'server_error'
    | 'unknown'
  >;
  /** True when an interrupt cut this block. */
  readonly aborted?: boolean;
  /** Set for subagent traffic. */
  readonly agent_id?: string;
  /** Id of the API request that produced the block. */
  readonly request_id?: string;
  /** ISO 8601 time the line was written. */
  readonly timestamp?: string;
};

/** Where a queued user message goes relative to the running turn. */
export type UserMessagePriority = 'now' | 'next' | 'later';

/**
 * A `user` line. Client → agent: a prompt (`session_id` may be `""`). Agent → client: tool
 * results, interruption markers, local command output, and replays of the client's own lines
 * (`isReplay`); see {@link ServerUserMessage}.
 */
export type UserMessage = {
  readonly type: 'user';
  readonly message: UserMessageBody;
  /** `null` for the main conversation; the `Task`/`Agent` tool_use id for subagent traffic. */
  readonly parent_tool_use_id?: string | null;
  /** `""` from clients (the CLI uses its own); the session id on agent-side lines. */
  readonly session_id?: string;
  /** Client-chosen id, echoed as `user_message_uuid` and used by `cancel_async_message`. */
  readonly uuid?: string;
  readonly priority?: UserMessagePriority;
  /** `false`: append to the conversation without starting a turn. */
  readonly shouldQuery?: boolean;
  /** True: no `@path` or `/command` processing. */
  readonly client_composed?: boolean;
  readonly origin?: { readonly kind: string };
  readonly isSynthetic?: boolean;
  /** Agent side: this is the client's own line echoed back (`--replay-user-messages`). */
  readonly isReplay?: boolean;
  /** Agent side: the tool's structured output (per tool; Edit gives `structuredPatch`). */
  readonly tool_use_result?: unknown;
  /** Agent side: per tool_result permission facts (`[{id, permission_decision}]`). */
  readonly tool_result_meta?: readonly unknown[];
  readonly timestamp?: string;
};

/** A `user` line written by the agent side: `session_id` and `parent_tool_use_id` are always set. */
export type ServerUserMessage = UserMessage & {
  readonly session_id: string;
  readonly parent_tool_use_id: string | null;
};

const userMessageShape = {
  type: z.literal('user'),
  message: userMessageBodySchema,
  parent_tool_use_id: z.string().nullable().optional(),
  session_id: z.string().optional(),
  uuid: z.string().optional(),
  priority: z.enum(['now', 'next', 'later']).optional(),
  shouldQuery: z.boolean().optional(),
  client_composed: z.boolean().optional(),
  origin: z.looseObject({ kind: z.string() }).optional(),
  isSynthetic: z.boolean().optional(),
  isReplay: z.boolean().optional(),
  tool_use_result: z.unknown().optional(),
  tool_result_meta: z.array(z.unknown()).optional(),
  timestamp: z.string().optional(),
};

/** Runtime schema of {@link AssistantMessage}. */
export const assistantMessageSchema: z.ZodType<AssistantMessage> = z.looseObject({
  type: z.literal('assistant'),
  message: assistantMessageBodySchema,
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
  uuid: z.string().optional(),
  error: z.string().optional(),
  aborted: z.boolean().optional(),
  agent_id: z.string().optional(),
  request_id: z.string().optional(),
  timestamp: z.string().optional(),
});

/** Runtime schema of a client's {@link UserMessage}. */
export const userMessageSchema: z.ZodType<UserMessage> = z.looseObject(userMessageShape);

/** Runtime schema of {@link ServerUserMessage}. */
export const serverUserMessageSchema: z.ZodType<ServerUserMessage> = z.looseObject({
  ...userMessageShape,
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
});
