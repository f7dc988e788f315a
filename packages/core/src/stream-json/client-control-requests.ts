import { z } from 'zod';
import type { InitializeRequest } from './initialize-request.js';
import { initializeRequestSchema } from './initialize-request.js';
import type { JsonObject } from './json-object.js';
import { jsonObjectSchema } from './json-object.js';

/** Stops the running turn. Answered with `{still_queued: string[], cancelled?: string[]}`. */
export type InterruptRequest = {
  readonly subtype: 'interrupt';
  /** Also drop user messages queued behind the turn. */
  readonly cancel_queued?: boolean;
};

/** Switches the permission mode. Answered with `{mode}`: the mode now in effect. */
export type SetPermissionModeRequest = {
  readonly subtype: 'set_permission_mode';
  readonly mode: string;
};

/** Switches the model; `null` or `"default"` resets it. Answered with `{model}` (resolved id). */
export type SetModelRequest = {
  readonly subtype: 'set_model';
  readonly model?: string | null;
};

/** Sets the thinking budget (`null` = default). Answered with no `response`. */
export type SetMaxThinkingTokensRequest = {
  readonly subtype: 'set_max_thinking_tokens';
  readonly max_thinking_tokens?: number | null;
  readonly thinking_display?: string;
};

/** Asks for MCP server states. Answered with `{mcpServers: McpServerStatus[]}`. */
export type McpStatusRequest = {
  readonly subtype: 'mcp_status';
  readonly liveReply?: boolean;
};

/** Replaces the dynamic MCP servers. Answered with `{added, removed, errors}`. */
export type McpSetServersRequest = {
  readonly subtype: 'mcp_set_servers';
  /** Servers by name (Claude shape, or `{type:'sdk', name}` for in-process ones). */
  readonly servers: Readonly<Record<string, JsonObject>>;
};

/** Reconnects one MCP server. */
export type McpReconnectRequest = {
  readonly subtype: 'mcp_reconnect';
  readonly serverName: string;
};

/** Enables or disables one MCP server. */
export type McpToggleRequest = {
  readonly subtype: 'mcp_toggle';
  readonly serverName: string;
  readonly enabled: boolean;
};

/** A JSON-RPC message from one of the host's in-process MCP servers. Answered with `{}`. */
export type ClientMcpMessageRequest = {
  readonly subtype: 'mcp_message';
  readonly server_name: string;
  readonly message: JsonObject;
};

/** Restores files to their state at a user message (needs file checkpointing). */
export type RewindFilesRequest = {
  readonly subtype: 'rewind_files';
  readonly user_message_id: string;
  readonly dry_run?: boolean;
};

/** Withdraws a queued user message by its `uuid`. Answered with `{cancelled: boolean}`. */
export type CancelAsyncMessageRequest = {
  readonly subtype: 'cancel_async_message';
  readonly message_uuid: string;
};

/** Asks for the context window breakdown. */
export type GetContextUsageRequest = {
  readonly subtype: 'get_context_usage';
  readonly detail?: 'summary' | 'full';
};

/** Background task control: stop one, or read its output. */
export type TaskControlRequest = {
  readonly subtype: 'stop_task' | 'get_task_output';
  readonly task_id: string;
};

/** Lists background tasks, optionally of one tool call. */
export type BackgroundTasksRequest = {
  readonly subtype: 'background_tasks';
  readonly tool_use_id?: string;
};

/** Applies settings as if given by flags. */
export type ApplyFlagSettingsRequest = {
  readonly subtype: 'apply_flag_settings';
  readonly settings: JsonObject;
};

/** Writes settings to one settings source. */
export type UpdateSettingsRequest = {
  readonly subtype: 'update_settings';
  readonly source: string;
  readonly settings: JsonObject;
};

/** Renames the session. */
export type RenameSessionRequest = {
  readonly subtype: 'rename_session';
  readonly title: string;
};

/** Tells the CLI a file was already read (path and modification time). */
export type SeedReadStateRequest = {
  readonly subtype: 'seed_read_state';
  readonly path: string;
  readonly mtime: number;
};

/** Reads a file through the CLI. */
export type ReadFileRequest = {
  readonly subtype: 'read_file';
  readonly path: string;
};

/** Asks for `@file` completions. */
export type FileSuggestionsRequest = {
  readonly subtype: 'file_suggestions';
  readonly query: string;
};

/** The §5.2 subtypes without modelled payload fields. */
export const miscClientControlSubtypes = [
  'mcp_call',
  'mcp_read_resource',
  'get_settings',
  'reload_plugins',
  'reload_skills',
  'reload_output_styles',
  'list_permission_rules',
  'get_hooks_listing',
  'get_usage',
  'list_models',
  'get_binary_version',
  'register_repo_root',
  'set_color',
  'set_has_subscribers',
] as const;

/** One of {@link miscClientControlSubtypes}: its payload fields are kept, not modelled. */
export type MiscClientControlRequest = {
  readonly subtype: (typeof miscClientControlSubtypes)[number];
} & JsonObject;

/** The `request` of a client → agent `control_request` (stream-json §5.2). */
export type ClientControlRequest =
  | InitializeRequest
  | InterruptRequest
  | SetPermissionModeRequest
  | SetModelRequest
  | SetMaxThinkingTokensRequest
  | McpStatusRequest
  | McpSetServersRequest
  | McpReconnectRequest
  | McpToggleRequest
  | ClientMcpMessageRequest
  | RewindFilesRequest
  | CancelAsyncMessageRequest
  | GetContextUsageRequest
  | TaskControlRequest
  | BackgroundTasksRequest
  | ApplyFlagSettingsRequest
  | UpdateSettingsRequest
  | RenameSessionRequest
  | SeedReadStateRequest
  | ReadFileRequest
  | FileSuggestionsRequest
  | MiscClientControlRequest;

const request = <Subtype extends string, Shape extends z.ZodRawShape>(
  subtype: Subtype,
  shape: Shape,
) => z.looseObject({ subtype: z.literal(subtype), ...shape });

/**
 * Runtime schema of each {@link ClientControlRequest}, keyed by `subtype`. Each checks the
 * `request` object only (not the envelope).
 */
export const clientControlRequestSchemas: Readonly<Record<string, z.ZodType>> = {
  initialize: initializeRequestSchema,
  interrupt: request('interrupt', {
    cancel_queued: z.boolean().optional(),
  }) satisfies z.ZodType<InterruptRequest>,
  set_permission_mode: request('set_permission_mode', {
    mode: z.string(),
  }) satisfies z.ZodType<SetPermissionModeRequest>,
  set_model: request('set_model', {
    model: z.string().nullable().optional(),
  }) satisfies z.ZodType<SetModelRequest>,
  set_max_thinking_tokens: request('set_max_thinking_tokens', {
    max_thinking_tokens: z.number().nullable().optional(),
    thinking_display: z.string().optional(),
  }) satisfies z.ZodType<SetMaxThinkingTokensRequest>,
  mcp_status: request('mcp_status', {
    liveReply: z.boolean().optional(),
  }) satisfies z.ZodType<McpStatusRequest>,
  mcp_set_servers: request('mcp_set_servers', {
    servers: z.record(z.string(), jsonObjectSchema),
  }) satisfies z.ZodType<McpSetServersRequest>,
  mcp_reconnect: request('mcp_reconnect', {
    serverName: z.string(),
  }) satisfies z.ZodType<McpReconnectRequest>,
  mcp_toggle: request('mcp_toggle', {
    serverName: z.string(),
    enabled: z.boolean(),
  }) satisfies z.ZodType<McpToggleRequest>,
  mcp_message: request('mcp_message', {
    server_name: z.string(),
    message: jsonObjectSchema,
  }) satisfies z.ZodType<ClientMcpMessageRequest>,
  rewind_files: request('rewind_files', {
    user_message_id: z.string(),
    dry_run: z.boolean().optional(),
  }) satisfies z.ZodType<RewindFilesRequest>,
  cancel_async_message: request('cancel_async_message', {
    message_uuid: z.string(),
  }) satisfies z.ZodType<CancelAsyncMessageRequest>,
  get_context_usage: request('get_context_usage', {
    detail: z.enum(['summary', 'full']).optional(),
  }) satisfies z.ZodType<GetContextUsageRequest>,
  stop_task: request('stop_task', { task_id: z.string() }) satisfies z.ZodType<TaskControlRequest>,
  get_task_output: request('get_task_output', {
    task_id: z.string(),
  }) satisfies z.ZodType<TaskControlRequest>,
  background_tasks: request('background_tasks', {
    tool_use_id: z.string().optional(),
  }) satisfies z.ZodType<BackgroundTasksRequest>,
  apply_flag_settings: request('apply_flag_settings', {
    settings: jsonObjectSchema,
  }) satisfies z.ZodType<ApplyFlagSettingsRequest>,
  update_settings: request('update_settings', {
    source: z.string(),
    settings: jsonObjectSchema,
  }) satisfies z.ZodType<UpdateSettingsRequest>,
  rename_session: request('rename_session', {
    title: z.string(),
  }) satisfies z.ZodType<RenameSessionRequest>,
  seed_read_state: request('seed_read_state', {
    path: z.string(),
    mtime: z.number(),
  }) satisfies z.ZodType<SeedReadStateRequest>,
  read_file: request('read_file', { path: z.string() }) satisfies z.ZodType<ReadFileRequest>,
  file_suggestions: request('file_suggestions', {
    query: z.string(),
  }) satisfies z.ZodType<FileSuggestionsRequest>,
  ...Object.fromEntries(
    miscClientControlSubtypes.map((subtype) => [subtype, request(subtype, {})]),
  ),
};
