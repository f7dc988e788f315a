import { z } from 'zod';
import { slashCommandSchema } from './initialize.js';
import type { OutputOf } from './schema-kit.js';
import { amount, byTag, flag, object, strings, text } from './schema-kit.js';

/** A `system` line of `subtype`: the shared envelope plus `shape`. */
const system = <const Subtype extends string, const Shape extends z.ZodRawShape>(
  subtype: Subtype | readonly Subtype[],
  shape: Shape,
) =>
  object({
    type: z.literal('system'),
    subtype: z.literal(([] as readonly Subtype[]).concat(subtype)),
    session_id: z.string(),
    uuid: text,
    ...shape,
  });

/** Runtime schemas of the modelled `system` lines, by `subtype` (other subtypes stay unknown). */
export const systemMessageSchemas = byTag('subtype', [
  /** Turn-start metadata, at the start of every turn (stream-json §4.1). */
  system('init', {
    apiKeySource: z.string(),
    betas: strings.optional(),
    claude_code_version: z.string(),
    cwd: z.string(),
    tools: strings,
    mcp_servers: z.array(
      object({ name: z.string(), status: z.string(), source: text, error: text }),
    ),
    model: z.string(),
    permissionMode: z.string(),
    /** Command names, no leading slash. */
    slash_commands: strings,
    terminal_slash_commands: strings.optional(),
    output_style: z.string(),
    skills: strings,
    plugins: z.array(object({ name: z.string(), path: z.string(), version: text, source: text })),
    plugin_errors: z.array(z.unknown()).optional(),
    agents: strings.optional(),
    fast_mode_state: text,
    effort: text,
    view_mode: text,
    capabilities: strings.optional(),
    /** agentbridge: the backend's display name; marks an init the bridge made. */
    acp_backend: text,
  }),
  system('status', {
    status: z.enum(['requesting', 'compacting']).nullable(),
    permissionMode: text,
    compact_result: z.unknown().optional(),
  }),
  /** `idle` is the authoritative "turn over". */
  system('session_state_changed', {
    state: z.enum(['idle', 'running', 'requires_action']),
    sdk_host_only: flag,
  }),
  system('compact_boundary', {
    compact_metadata: object({
      trigger: z.enum(['manual', 'auto']),
      pre_tokens: z.number(),
      post_tokens: amount,
      duration_ms: amount,
      preserved_segment: z.unknown().optional(),
    }),
  }),
  system('api_retry', {
    attempt: z.number(),
    max_retries: z.number(),
    retry_delay_ms: z.number(),
    error_status: z.number().nullable(),
    error: z.unknown().optional(),
  }),
  system('thinking_tokens', { estimated_tokens: z.number(), estimated_tokens_delta: z.number() }),
  system(['hook_started', 'hook_progress', 'hook_response'], {
    hook_id: z.string(),
    hook_name: z.string(),
    hook_event: z.string(),
    stdout: text,
    stderr: text,
    output: z.unknown().optional(),
    exit_code: z.number().nullable().optional(),
    outcome: text,
  }),
  system('informational', { content: z.string(), level: z.string(), prevent_continuation: flag }),
  system('local_command_output', { content: z.string() }),
  system('notification', {
    key: z.string(),
    text: z.string(),
    priority: text,
    color: text,
    timeout_ms: amount,
  }),
  system('permission_denied', {
    tool_name: z.string(),
    tool_use_id: z.string(),
    message: z.string(),
    decision_reason_type: text,
    agent_id: text,
  }),
  system('commands_changed', { commands: z.array(slashCommandSchema) }),
  system(['task_started', 'task_progress', 'task_updated', 'task_notification'], {
    task_id: z.string(),
    tool_use_id: text,
    description: text,
    status: text,
    summary: text,
    usage: z.unknown().optional(),
  }),
  system('background_tasks_changed', { tasks: z.array(z.unknown()) }),
  /** Rare subtypes whose payload is kept, not modelled. */
  system(
    [
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
    ],
    {},
  ),
]);

type Schemas = typeof systemMessageSchemas;
export type SystemInitMessage = z.output<Schemas['init']>;
export type SystemStatusMessage = z.output<Schemas['status']>;
export type SystemSessionStateChangedMessage = z.output<Schemas['session_state_changed']>;
export type SystemCompactBoundaryMessage = z.output<Schemas['compact_boundary']>;
export type SystemApiRetryMessage = z.output<Schemas['api_retry']>;
export type SystemThinkingTokensMessage = z.output<Schemas['thinking_tokens']>;
export type SystemHookMessage = z.output<Schemas['hook_started']>;
export type SystemInformationalMessage = z.output<Schemas['informational']>;
export type SystemLocalCommandOutputMessage = z.output<Schemas['local_command_output']>;
export type SystemNotificationMessage = z.output<Schemas['notification']>;
export type SystemPermissionDeniedMessage = z.output<Schemas['permission_denied']>;
export type SystemCommandsChangedMessage = z.output<Schemas['commands_changed']>;
export type SystemTaskMessage = z.output<Schemas['task_started']>;
export type SystemBackgroundTasksChangedMessage = z.output<Schemas['background_tasks_changed']>;
export type SystemMiscMessage = z.output<Schemas['files_persisted']>;
/** Every modelled `system` line. */
export type SystemMessage = OutputOf<Schemas>;
