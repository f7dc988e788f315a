import { z } from 'zod';
import type { JsonObject, OpenString } from './json-object.js';
import { jsonObjectSchema } from './json-object.js';
import type { PermissionUpdate } from './permissions.js';
import { permissionUpdateSchema } from './permissions.js';

/** Why the CLI asks (`decision_reason_type` of `can_use_tool`). */
export type PermissionDecisionReasonType = OpenString<
  | 'rule'
  | 'mode'
  | 'subcommandResults'
  | 'permissionPromptTool'
  | 'hook'
  | 'asyncAgent'
  | 'sandboxOverride'
  | 'workingDir'
  | 'safetyCheck'
  | 'classifier'
  | 'other'
>;

/**
 * The CLI asks the host whether a tool may run (stream-json §5.4; only with
 * `--permission-prompt-tool stdio`). Answered with a `PermissionResult`.
 */
export type CanUseToolRequest = {
  readonly subtype: 'can_use_tool';
  readonly tool_name: string;
  readonly input: JsonObject;
  readonly tool_use_id: string;
  /** Updates the host may offer as "always allow" (echo them in `updatedPermissions`). */
  readonly permission_suggestions?: readonly PermissionUpdate[];
  readonly blocked_path?: string;
  readonly decision_reason?: string;
  readonly decision_reason_type?: PermissionDecisionReasonType;
  readonly classifier_approvable?: boolean;
  readonly title?: string;
  readonly display_name?: string;
  readonly description?: string;
  /** Set when a subagent asks. */
  readonly agent_id?: string;
  /** Set for MCP tools. */
  readonly mcp_server?: { readonly name: string; readonly source?: string };
  readonly suppress_always_allow_rule?: boolean;
  readonly default_to_no?: boolean;
  readonly matched_ask_rule?: unknown;
  readonly requires_user_interaction?: boolean;
};

/**
 * Input of a hook callback: every input has these fields plus event-specific ones (`tool_name`,
 * `tool_input`, ...).
 */
export type HookInput = {
  readonly hook_event_name: string;
  readonly session_id?: string;
  readonly transcript_path?: string;
  readonly cwd?: string;
  readonly permission_mode?: string;
  readonly agent_id?: string;
  readonly agent_type?: string;
} & JsonObject;

/** The CLI runs one of the host's hooks (registered in `initialize.hooks`). */
export type HookCallbackRequest = {
  readonly subtype: 'hook_callback';
  readonly callback_id: string;
  readonly input: HookInput;
  readonly tool_use_id?: string;
};

/** The CLI sends a JSON-RPC message to one of the host's in-process MCP servers. */
export type AgentMcpMessageRequest = {
  readonly subtype: 'mcp_message';
  readonly server_name: string;
  readonly message: JsonObject;
};

/** An MCP server asks the user for input. Answered with an MCP `ElicitResult`. */
export type ElicitationRequest = {
  readonly subtype: 'elicitation';
  readonly mcp_server_name: string;
  readonly message: string;
  readonly mode?: 'form' | 'url';
  readonly url?: string;
  readonly elicitation_id?: string;
  readonly requested_schema?: JsonObject;
  readonly title?: string;
  readonly display_name?: string;
  readonly description?: string;
};

/** A dialog of a kind the host declared in `initialize.supportedDialogKinds`. */
export type RequestUserDialogRequest = {
  readonly subtype: 'request_user_dialog';
  readonly dialog_kind: string;
  readonly payload: unknown;
  readonly tool_use_id?: string;
};

/** Token refresh requests of hosted/IDE use; payload kept, not modelled. */
export type TokenRefreshRequest = {
  readonly subtype: 'oauth_token_refresh' | 'host_auth_token_refresh';
} & JsonObject;

/** The `request` of an agent → client `control_request` (stream-json §5.3). */
export type AgentControlRequest =
  | CanUseToolRequest
  | HookCallbackRequest
  | AgentMcpMessageRequest
  | ElicitationRequest
  | RequestUserDialogRequest
  | TokenRefreshRequest;

const stringOptional = z.string().optional();

/** Runtime schema of {@link CanUseToolRequest}. */
export const canUseToolRequestSchema: z.ZodType<CanUseToolRequest> = z.looseObject({
  subtype: z.literal('can_use_tool'),
  tool_name: z.string(),
  input: jsonObjectSchema,
  tool_use_id: z.string(),
  permission_suggestions: z.array(permissionUpdateSchema).optional(),
  blocked_path: stringOptional,
  decision_reason: stringOptional,
  decision_reason_type: stringOptional,
  classifier_approvable: z.boolean().optional(),
  title: stringOptional,
  display_name: stringOptional,
  description: stringOptional,
  agent_id: stringOptional,
  mcp_server: z.looseObject({ name: z.string(), source: stringOptional }).optional(),
  suppress_always_allow_rule: z.boolean().optional(),
  default_to_no: z.boolean().optional(),
  matched_ask_rule: z.unknown().optional(),
  requires_user_interaction: z.boolean().optional(),
});

/** Runtime schema of {@link HookInput}. */
export const hookInputSchema: z.ZodType<HookInput> = z.looseObject({
  hook_event_name: z.string(),
  session_id: stringOptional,
  transcript_path: stringOptional,
  cwd: stringOptional,
  permission_mode: stringOptional,
  agent_id: stringOptional,
  agent_type: stringOptional,
});

/**
 * Runtime schema of each {@link AgentControlRequest}, keyed by `subtype`. Each checks the
 * `request` object only (not the envelope).
 */
export const agentControlRequestSchemas: Readonly<Record<string, z.ZodType>> = {
  can_use_tool: canUseToolRequestSchema,
  hook_callback: z.looseObject({
    subtype: z.literal('hook_callback'),
    callback_id: z.string(),
    input: hookInputSchema,
    tool_use_id: stringOptional,
  }) satisfies z.ZodType<HookCallbackRequest>,
  mcp_message: z.looseObject({
    subtype: z.literal('mcp_message'),
    server_name: z.string(),
    message: jsonObjectSchema,
  }) satisfies z.ZodType<AgentMcpMessageRequest>,
  elicitation: z.looseObject({
    subtype: z.literal('elicitation'),
    mcp_server_name: z.string(),
    message: z.string(),
    mode: z.enum(['form', 'url']).optional(),
    url: stringOptional,
    elicitation_id: stringOptional,
    requested_schema: jsonObjectSchema.optional(),
    title: stringOptional,
    display_name: stringOptional,
    description: stringOptional,
  }) satisfies z.ZodType<ElicitationRequest>,
  request_user_dialog: z.looseObject({
    subtype: z.literal('request_user_dialog'),
    dialog_kind: z.string(),
    payload: z.unknown(),
    tool_use_id: stringOptional,
  }) satisfies z.ZodType<RequestUserDialogRequest>,
  oauth_token_refresh: z.looseObject({
    subtype: z.literal('oauth_token_refresh'),
  }) satisfies z.ZodType<TokenRefreshRequest>,
  host_auth_token_refresh: z.looseObject({
    subtype: z.literal('host_auth_token_refresh'),
  }) satisfies z.ZodType<TokenRefreshRequest>,
};
