import { z } from 'zod';
import type { SlashCommand } from './initialize-response.js';
import { slashCommandSchema } from './initialize-response.js';
import type { JsonObject, OpenString } from './json-object.js';
import type { SystemInitMessage } from './system-init-message.js';
import { systemInitMessageSchema } from './system-init-message.js';

/** Fields every `system` line carries. */
export type SystemMessageEnvelope<Subtype extends string> = {
  readonly type: 'system';
  /** What happened; unknown subtypes parse as unknown messages. */
  readonly subtype: Subtype;
  /** The CLI's session id. */
  readonly session_id: string;
  /** Id of this line. */
  readonly uuid?: string;
};

/** Emitted before each API call and on a mode change. */
export type SystemStatusMessage = SystemMessageEnvelope<'status'> & {
  readonly status: 'requesting' | 'compacting' | null;
  readonly permissionMode?: string;
  readonly compact_result?: unknown;
};

/** `idle` is the authoritative "turn over" (needs `CLAUDE_CODE_SDK_READS_SESSION_STATE=1`). */
export type SystemSessionStateChangedMessage = SystemMessageEnvelope<'session_state_changed'> & {
  readonly state: 'idle' | 'running' | 'requires_action';
  readonly sdk_host_only?: boolean;
};

/** Marks where the conversation was compacted. */
export type SystemCompactBoundaryMessage = SystemMessageEnvelope<'compact_boundary'> & {
  readonly compact_metadata: {
    readonly trigger: 'manual' | 'auto';
    readonly pre_tokens: number;
    readonly post_tokens?: number;
    readonly duration_ms?: number;
    readonly preserved_segment?: unknown;
  };
};

/** A retryable API failure; the CLI retries after `retry_delay_ms`. */
export type SystemApiRetryMessage = SystemMessageEnvelope<'api_retry'> & {
  readonly attempt: number;
  readonly max_retries: number;
  readonly retry_delay_ms: number;
  readonly error_status: number | null;
  readonly error?: unknown;
};

/** Thinking progress. */
export type SystemThinkingTokensMessage = SystemMessageEnvelope<'thinking_tokens'> & {
  readonly estimated_tokens: number;
  readonly estimated_tokens_delta: number;
};

/** Hook lifecycle (with `--include-hook-events`; SessionStart/Setup always). */
export type SystemHookMessage = SystemMessageEnvelope<
  'hook_started' | 'hook_progress' | 'hook_response'
> & {
  readonly hook_id: string;
  readonly hook_name: string;
  readonly hook_event: string;
  readonly stdout?: string;
  readonly stderr?: string;
  readonly output?: unknown;
  readonly exit_code?: number | null;
  readonly outcome?: string;
};

/** A banner for the user. */
export type SystemInformationalMessage = SystemMessageEnvelope<'informational'> & {
  readonly content: string;
  readonly level: OpenString<'info' | 'notice' | 'suggestion' | 'warning'>;
  readonly prevent_continuation?: boolean;
};

/** Output of a local slash command. */
export type SystemLocalCommandOutputMessage = SystemMessageEnvelope<'local_command_output'> & {
  readonly content: string;
};

/** A notification for the user. */
export type SystemNotificationMessage = SystemMessageEnvelope<'notification'> & {
  readonly key: string;
  readonly text: string;
  readonly priority?: string;
  readonly color?: string;
  readonly timeout_ms?: number;
};

/** A tool call denied without a prompt. */
export type SystemPermissionDeniedMessage = SystemMessageEnvelope<'permission_denied'> & {
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly message: string;
  readonly decision_reason_type?: string;
  readonly agent_id?: string;
};

/** Replaces the client's cached command list. */
export type SystemCommandsChangedMessage = SystemMessageEnvelope<'commands_changed'> & {
  readonly commands: readonly SlashCommand[];
};

/** Subagent / background task lifecycle. */
export type SystemTaskMessage = SystemMessageEnvelope<
  'task_started' | 'task_progress' | 'task_updated' | 'task_notification'
> & {
  readonly task_id: string;
  readonly tool_use_id?: string;
  readonly description?: string;
  readonly status?: string;
  readonly summary?: string;
  readonly usage?: unknown;
};

/** The current background tasks (replace semantics). */
export type SystemBackgroundTasksChangedMessage =
  SystemMessageEnvelope<'background_tasks_changed'> & {
    readonly tasks: readonly unknown[];
  };

/** Rare `system` subtypes whose payload is kept, not modelled. */
export const miscSystemSubtypes = [
  'model_refusal_fallback',
  'model_refusal_no_fallback',
  'files_persisted',
  'plugin_install',
  'elicitation_complete',
  'memory_recall',
  'mirror_error',
  'control_request_progress',
  'worker_shutting_down',
  'session_writes_lost',
] as const;

/** One of {@link miscSystemSubtypes}. */
export type SystemMiscMessage = SystemMessageEnvelope<(typeof miscSystemSubtypes)[number]> &
  JsonObject;

/** Every modelled `system` line. Other subtypes parse as unknown messages. */
export type SystemMessage =
  | SystemInitMessage
  | SystemStatusMessage
  | SystemSessionStateChangedMessage
  | SystemCompactBoundaryMessage
  | SystemApiRetryMessage
  | SystemThinkingTokensMessage
  | SystemHookMessage
  | SystemInformationalMessage
  | SystemLocalCommandOutputMessage
  | SystemNotificationMessage
  | SystemPermissionDeniedMessage
  | SystemCommandsChangedMessage
  | SystemTaskMessage
  | SystemBackgroundTasksChangedMessage
  | SystemMiscMessage;

const system = <Subtype extends string, Shape extends z.ZodRawShape>(
  subtype: Subtype,
  shape: Shape,
) =>
  z.looseObject({
    type: z.literal('system'),
    subtype: z.literal(subtype),
    session_id: z.string(),
    uuid: z.string().optional(),
    ...shape,
  });

const hookShape = {
  hook_id: z.string(),
  hook_name: z.string(),
  hook_event: z.string(),
  stdout: z.string().optional(),
  stderr: z.string().optional(),
  output: z.unknown().optional(),
  exit_code: z.number().nullable().optional(),
  outcome: z.string().optional(),
};

const taskShape = {
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  description: z.string().optional(),
  status: z.string().optional(),
  summary: z.string().optional(),
  usage: z.unknown().optional(),
};

/** Runtime schema of each {@link SystemMessage}, keyed by `subtype` (whole line checked). */
export const systemMessageSchemas: Readonly<Record<string, z.ZodType>> = {
  init: systemInitMessageSchema,
  status: system('status', {
    status: z.enum(['requesting', 'compacting']).nullable(),
    permissionMode: z.string().optional(),
    compact_result: z.unknown().optional(),
  }) satisfies z.ZodType<SystemStatusMessage>,
  session_state_changed: system('session_state_changed', {
    state: z.enum(['idle', 'running', 'requires_action']),
    sdk_host_only: z.boolean().optional(),
  }) satisfies z.ZodType<SystemSessionStateChangedMessage>,
  compact_boundary: system('compact_boundary', {
    compact_metadata: z.looseObject({
      trigger: z.enum(['manual', 'auto']),
      pre_tokens: z.number(),
      post_tokens: z.number().optional(),
      duration_ms: z.number().optional(),
      preserved_segment: z.unknown().optional(),
    }),
  }) satisfies z.ZodType<SystemCompactBoundaryMessage>,
  api_retry: system('api_retry', {
    attempt: z.number(),
    max_retries: z.number(),
    retry_delay_ms: z.number(),
    error_status: z.number().nullable(),
    error: z.unknown().optional(),
  }) satisfies z.ZodType<SystemApiRetryMessage>,
  thinking_tokens: system('thinking_tokens', {
    estimated_tokens: z.number(),
    estimated_tokens_delta: z.number(),
  }) satisfies z.ZodType<SystemThinkingTokensMessage>,
  hook_started: system('hook_started', hookShape) satisfies z.ZodType<SystemHookMessage>,
  hook_progress: system('hook_progress', hookShape) satisfies z.ZodType<SystemHookMessage>,
  hook_response: system('hook_response', hookShape) satisfies z.ZodType<SystemHookMessage>,
  informational: system('informational', {
    content: z.string(),
    level: z.string(),
    prevent_continuation: z.boolean().optional(),
  }) satisfies z.ZodType<SystemInformationalMessage>,
  local_command_output: system('local_command_output', {
    content: z.string(),
  }) satisfies z.ZodType<SystemLocalCommandOutputMessage>,
  notification: system('notification', {
    key: z.string(),
    text: z.string(),
    priority: z.string().optional(),
    color: z.string().optional(),
    timeout_ms: z.number().optional(),
  }) satisfies z.ZodType<SystemNotificationMessage>,
  permission_denied: system('permission_denied', {
    tool_name: z.string(),
    tool_use_id: z.string(),
    message: z.string(),
    decision_reason_type: z.string().optional(),
    agent_id: z.string().optional(),
  }) satisfies z.ZodType<SystemPermissionDeniedMessage>,
  commands_changed: system('commands_changed', {
    commands: z.array(slashCommandSchema),
  }) satisfies z.ZodType<SystemCommandsChangedMessage>,
  task_started: system('task_started', taskShape) satisfies z.ZodType<SystemTaskMessage>,
  task_progress: system('task_progress', taskShape) satisfies z.ZodType<SystemTaskMessage>,
  task_updated: system('task_updated', taskShape) satisfies z.ZodType<SystemTaskMessage>,
  task_notification: system('task_notification', taskShape) satisfies z.ZodType<SystemTaskMessage>,
  background_tasks_changed: system('background_tasks_changed', {
    tasks: z.array(z.unknown()),
  }) satisfies z.ZodType<SystemBackgroundTasksChangedMessage>,
  ...Object.fromEntries(miscSystemSubtypes.map((subtype) => [subtype, system(subtype, {})])),
};
