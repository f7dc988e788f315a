import { z } from 'zod';
import type { JsonObject } from './json-object.js';

/** Heartbeat of a long-running tool. */
export type ToolProgressMessage = {
  readonly type: 'tool_progress';
  readonly tool_use_id: string;
  readonly tool_name: string;
  readonly parent_tool_use_id: string | null;
  readonly elapsed_time_seconds: number;
  readonly task_id?: string;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** A summary of earlier tool calls. */
export type ToolUseSummaryMessage = {
  readonly type: 'tool_use_summary';
  readonly summary: string;
  readonly preceding_tool_use_ids: readonly string[];
  readonly session_id?: string;
  readonly uuid?: string;
};

/** Sign-in progress. */
export type AuthStatusMessage = {
  readonly type: 'auth_status';
  readonly isAuthenticating: boolean;
  readonly output: readonly string[];
  readonly error?: string;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** Rate limit state (claude.ai plans). */
export type RateLimitEventMessage = {
  readonly type: 'rate_limit_event';
  readonly rate_limit_info: {
    readonly status: string;
    readonly resetsAt?: number;
    readonly rateLimitType?: string;
    readonly utilization?: number;
  } & JsonObject;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** A suggested next prompt (after `result`, with `promptSuggestions`). */
export type PromptSuggestionMessage = {
  readonly type: 'prompt_suggestion';
  readonly suggestion: string;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** The conversation was reset (`/clear`, ...). */
export type ConversationResetMessage = {
  readonly type: 'conversation_reset';
  readonly new_conversation_id: string;
  readonly trigger?: string;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** The active goal changed. */
export type ActiveGoalMessage = {
  readonly type: 'active_goal';
  readonly value: unknown;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** Acknowledges a client user line by its `uuid` (with `--replay-user-messages`). */
export type CommandLifecycleMessage = {
  readonly type: 'command_lifecycle';
  readonly command_uuid: string;
  /** `queued`, `started`, `completed`, ... */
  readonly state: string;
  readonly session_id?: string;
  readonly uuid?: string;
};

/** Every modelled top-level agent → client type that is not a conversation or control line. */
export type AuxiliaryMessage =
  | ToolProgressMessage
  | ToolUseSummaryMessage
  | AuthStatusMessage
  | RateLimitEventMessage
  | PromptSuggestionMessage
  | ConversationResetMessage
  | ActiveGoalMessage
  | CommandLifecycleMessage;

const envelope = { session_id: z.string().optional(), uuid: z.string().optional() };

/** Runtime schema of each {@link AuxiliaryMessage}, keyed by `type`. */
export const auxiliaryMessageSchemas: Readonly<Record<string, z.ZodType>> = {
  tool_progress: z.looseObject({
    type: z.literal('tool_progress'),
    tool_use_id: z.string(),
    tool_name: z.string(),
    parent_tool_use_id: z.string().nullable(),
    elapsed_time_seconds: z.number(),
    task_id: z.string().optional(),
    ...envelope,
  }) satisfies z.ZodType<ToolProgressMessage>,
  tool_use_summary: z.looseObject({
    type: z.literal('tool_use_summary'),
    summary: z.string(),
    preceding_tool_use_ids: z.array(z.string()),
    ...envelope,
  }) satisfies z.ZodType<ToolUseSummaryMessage>,
  auth_status: z.looseObject({
    type: z.literal('auth_status'),
    isAuthenticating: z.boolean(),
    output: z.array(z.string()),
    error: z.string().optional(),
    ...envelope,
  }) satisfies z.ZodType<AuthStatusMessage>,
  rate_limit_event: z.looseObject({
    type: z.literal('rate_limit_event'),
    rate_limit_info: z.looseObject({
      status: z.string(),
      resetsAt: z.number().optional(),
      rateLimitType: z.string().optional(),
      utilization: z.number().optional(),
    }),
    ...envelope,
  }) satisfies z.ZodType<RateLimitEventMessage>,
  prompt_suggestion: z.looseObject({
    type: z.literal('prompt_suggestion'),
    suggestion: z.string(),
    ...envelope,
  }) satisfies z.ZodType<PromptSuggestionMessage>,
  conversation_reset: z.looseObject({
    type: z.literal('conversation_reset'),
    new_conversation_id: z.string(),
    trigger: z.string().optional(),
    ...envelope,
  }) satisfies z.ZodType<ConversationResetMessage>,
  active_goal: z.looseObject({
    type: z.literal('active_goal'),
    value: z.unknown(),
    ...envelope,
  }) satisfies z.ZodType<ActiveGoalMessage>,
  command_lifecycle: z.looseObject({
    type: z.literal('command_lifecycle'),
    command_uuid: z.string(),
    state: z.string(),
    ...envelope,
  }) satisfies z.ZodType<CommandLifecycleMessage>,
};
