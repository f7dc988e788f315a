import { z } from 'zod';
import { initializeRequestSchema } from './initialize.js';
import { permissionUpdateSchema } from './permissions.js';
import { byName, byTag, flag, jsonObject, object, text } from './schema-kit.js';

/** The `request` of a control request: its `subtype` plus `shape`. */
const request = <const Subtype extends string, const Shape extends z.ZodRawShape>(
  subtype: Subtype | readonly Subtype[],
  shape: Shape,
) => object({ subtype: z.literal(([] as readonly Subtype[]).concat(subtype)), ...shape });

/** Runtime schemas of the `request`s a client sends (stream-json §5.2), by `subtype`. */
export const clientControlRequestSchemas = byTag('subtype', [
  initializeRequestSchema,
  /** Stops the running turn; `cancel_queued` also drops queued user messages. */
  request('interrupt', { cancel_queued: flag }),
  /** Answered with `{mode}`: the mode now in effect. */
  request('set_permission_mode', { mode: z.string() }),
  /** `null` or `"default"` resets the model. Answered with `{model}`. */
  request('set_model', { model: z.string().nullable().optional() }),
  request('set_max_thinking_tokens', {
    max_thinking_tokens: z.number().nullable().optional(),
    thinking_display: text,
  }),
  request('mcp_status', { liveReply: flag }),
  request('mcp_set_servers', { servers: byName(jsonObject) }),
  request('mcp_reconnect', { serverName: z.string() }),
  request('mcp_toggle', { serverName: z.string(), enabled: z.boolean() }),
  /** A JSON-RPC message from one of the host's in-process MCP servers. */
  request('mcp_message', { server_name: z.string(), message: jsonObject }),
  request('rewind_files', { user_message_id: z.string(), dry_run: flag }),
  request('cancel_async_message', { message_uuid: z.string() }),
  request('get_context_usage', { detail: z.enum(['summary', 'full']).optional() }),
  request(['stop_task', 'get_task_output'], { task_id: z.string() }),
  request('background_tasks', { tool_use_id: text }),
  request('apply_flag_settings', { settings: jsonObject }),
  request('update_settings', { source: z.string(), settings: jsonObject }),
  request('rename_session', { title: z.string() }),
  request('seed_read_state', { path: z.string(), mtime: z.number() }),
  request('read_file', { path: z.string() }),
  request('file_suggestions', { query: z.string() }),
  /** Subtypes whose payload fields are kept, not modelled. */
  request(
    [
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
    ],
    {},
  ),
]);

/** Runtime schema of {@link CanUseToolRequest}: may this tool run? Answered with a `PermissionResult`. */
export const canUseToolRequestSchema = request('can_use_tool', {
  tool_name: z.string(),
  input: jsonObject,
  tool_use_id: z.string(),
  /** Updates the host may offer as "always allow" (echo them in `updatedPermissions`). */
  permission_suggestions: z.array(permissionUpdateSchema).optional(),
  blocked_path: text,
  decision_reason: text,
  decision_reason_type: text,
  classifier_approvable: flag,
  title: text,
  display_name: text,
  description: text,
  agent_id: text,
  mcp_server: object({ name: z.string(), source: text }).optional(),
  suppress_always_allow_rule: flag,
  default_to_no: flag,
  matched_ask_rule: z.unknown().optional(),
  requires_user_interaction: flag,
});

/** Runtime schema of a hook callback's input: these fields plus event-specific ones. */
export const hookInputSchema = z.looseObject({
  hook_event_name: z.string(),
  session_id: text,
  transcript_path: text,
  cwd: text,
  permission_mode: text,
  agent_id: text,
  agent_type: text,
});

/** Runtime schemas of the `request`s the agent side sends (stream-json §5.3), by `subtype`. */
export const agentControlRequestSchemas = byTag('subtype', [
  canUseToolRequestSchema,
  /** Runs one of the host's hooks (registered in `initialize.hooks`). */
  request('hook_callback', { callback_id: z.string(), input: hookInputSchema, tool_use_id: text }),
  /** A JSON-RPC message for one of the host's in-process MCP servers. */
  request('mcp_message', { server_name: z.string(), message: jsonObject }),
  /** An MCP server asks the user for input; answered with an MCP `ElicitResult`. */
  request('elicitation', {
    mcp_server_name: z.string(),
    message: z.string(),
    mode: z.enum(['form', 'url']).optional(),
    url: text,
    elicitation_id: text,
    requested_schema: jsonObject.optional(),
    title: text,
    display_name: text,
    description: text,
  }),
  request('request_user_dialog', {
    dialog_kind: z.string(),
    payload: z.unknown(),
    tool_use_id: text,
  }),
  request(['oauth_token_refresh', 'host_auth_token_refresh'], {}),
]);

/** A control request's id as the client sent it, echoed by its answer: a string, or a number. */
const answeredId = z.union([z.string(), z.number()]);

/** The envelope of every `control_request`; `request_id` is echoed by its one answer. */
export const controlRequestEnvelopeSchema = object({
  type: z.literal('control_request'),
  request_id: z.string(),
});

/** A client's `control_request` envelope: its id may be a number too, echoed as such (FT-05). */
export const clientControlRequestEnvelopeSchema = controlRequestEnvelopeSchema.extend({
  request_id: answeredId,
});

/** The closed union of `variants`, each once (one variant may claim several subtypes). */
const closedUnion = <Variant extends z.ZodObject>(variants: Readonly<Record<string, Variant>>) =>
  z.discriminatedUnion('subtype', [...new Set(Object.values(variants))] as [Variant, ...Variant[]]);

/** Runtime schema of {@link ClientControlRequestMessage} (client → agent, stream-json §5.2). */
export const clientControlRequestMessageSchema = clientControlRequestEnvelopeSchema.extend({
  request: closedUnion(clientControlRequestSchemas),
});

/** Runtime schema of {@link AgentControlRequestMessage} (agent → client, stream-json §5.3). */
export const agentControlRequestMessageSchema = controlRequestEnvelopeSchema.extend({
  request: closedUnion(agentControlRequestSchemas),
});

/** Runtime schemas of a control response's `response`, by `subtype`. */
export const controlResponseSchemas = {
  /** `response` may be absent or `{}` for acknowledgements. */
  success: object({
    subtype: z.literal('success'),
    request_id: answeredId,
    response: jsonObject.optional(),
  }),
  /** `error_code: 'unsupported_request'` for unknown subtypes. */
  error: object({
    subtype: z.literal('error'),
    request_id: answeredId,
    error: z.string(),
    error_code: text,
  }),
};

/** Runtime schema of {@link ControlResponseMessage}: the one answer to a control request. */
export const controlResponseMessageSchema = object({
  type: z.literal('control_response'),
  response: closedUnion(controlResponseSchemas),
});

/** Runtime schema of {@link ControlCancelRequestMessage}: withdraws the sender's own request. */
export const controlCancelRequestMessageSchema = object({
  type: z.literal('control_cancel_request'),
  request_id: z.string(),
});

/** Runtime schema of {@link KeepAliveMessage}: a heartbeat in either direction. */
export const keepAliveMessageSchema = object({ type: z.literal('keep_alive') });

export type ClientControlRequestMessage = z.output<typeof clientControlRequestMessageSchema>;
export type AgentControlRequestMessage = z.output<typeof agentControlRequestMessageSchema>;
export type ControlResponseMessage = z.output<typeof controlResponseMessageSchema>;
export type ControlCancelRequestMessage = z.output<typeof controlCancelRequestMessageSchema>;
export type KeepAliveMessage = z.output<typeof keepAliveMessageSchema>;
