import type {
  AgentControlRequestMessage,
  ControlCancelRequestMessage,
  ControlResponseMessage,
  ModelInfo,
  PermissionUpdate,
  ServerUserMessage,
  SlashCommand,
  SystemCommandsChangedMessage,
  SystemInformationalMessage,
  SystemInitMessage,
  SystemStatusMessage,
} from '@agentbridge/core/contracts';
import type { AvailableCommand } from '@agentclientprotocol/sdk/unstable';
import type { McpServerStatus } from '../mcp/to-acp-mcp-servers.js';
import type { ToolInput } from '../tools/build-tool-input.js';

// Builders of the stream-json lines the bridge writes, in the real Claude Code CLI's shapes and key
// order (stream-json.md §2.4, §4, §5). Each returns a typed message; the host serialises it.

/** A client control request's id, echoed as sent (a string, or a number). */
export type ControlRequestId = ControlResponseMessage['response']['request_id'];

type Identity = { readonly sessionId: string; readonly uuid: string };
type UserContent = ServerUserMessage['message']['content'];

/** H-12: `"name version"`, or whichever of the two is known. */
export function agentVersionText(name: string | undefined, version: string | undefined): string {
  return [name?.trim() ?? '', version?.trim() ?? ''].filter((part) => part !== '').join(' ');
}

/** H-12: the `system/init` line of session-ready and of each turn (`acp_backend` marks the bridge). */
export function buildSystemInit(
  fields: Identity & {
    readonly cwd: string;
    readonly model: string;
    readonly permissionMode: string;
    readonly slashCommands: readonly string[];
    readonly mcpServers: readonly McpServerStatus[];
    readonly agentName?: string;
    readonly agentVersion?: string;
    readonly backendName: string;
    readonly tools?: readonly string[];
  },
): SystemInitMessage {
  return {
    type: 'system',
    subtype: 'init',
    cwd: fields.cwd,
    session_id: fields.sessionId,
    tools: [...(fields.tools ?? [])],
    mcp_servers: fields.mcpServers.map(({ name, status, source, error }) => ({
      name,
      status,
      ...(source === undefined ? {} : { source }),
      ...(error === undefined ? {} : { error }),
    })),
    model: fields.model,
    permissionMode: fields.permissionMode,
    slash_commands: [...fields.slashCommands],
    apiKeySource: 'none',
    claude_code_version: agentVersionText(fields.agentName, fields.agentVersion),
    output_style: 'default',
    agents: [],
    skills: [],
    plugins: [],
    acp_backend: fields.backendName,
    uuid: fields.uuid,
  };
}

/** C-03: `system/status` with the permission mode now in effect. */
export function buildSystemStatus(
  fields: Identity & { readonly permissionMode: string },
): SystemStatusMessage {
  const { permissionMode, sessionId, uuid } = fields;
  return {
    type: 'system',
    subtype: 'status',
    status: null,
    permissionMode,
    session_id: sessionId,
    uuid,
  };
}

/** A `system/informational` warning (a tool that ran unasked, a start-up setting not applied). */
export function buildSystemWarning(
  fields: Identity & { readonly content: string },
): SystemInformationalMessage {
  const { content, sessionId, uuid } = fields;
  return {
    type: 'system',
    subtype: 'informational',
    content,
    level: 'warning',
    session_id: sessionId,
    uuid,
  };
}

const userLine = (identity: Identity, content: UserContent, extra?: object): ServerUserMessage => ({
  type: 'user',
  message: { role: 'user', content },
  parent_tool_use_id: null,
  session_id: identity.sessionId,
  uuid: identity.uuid,
  ...extra,
});

/** PR-03 (`--replay-user-messages`): the user line echoed with `isReplay` (a string as one text block). */
export function buildUserReplay(
  fields: Identity & { readonly content: string | readonly unknown[] },
): ServerUserMessage {
  const { content } = fields;
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
  return userLine(fields, blocks as UserContent, { isReplay: true });
}

/** T-30, T-22: the `tool_result` line of one tool call (a string, or `[text?, image…]` blocks). */
export function buildToolResult(
  fields: Identity & {
    readonly toolUseId: string;
    readonly content: string | readonly object[];
    readonly isError: boolean;
    /** The tool's structured output (`tool_use_result`). */
    readonly toolUseResult?: unknown;
  },
): ServerUserMessage {
  const { toolUseId, content, isError, toolUseResult } = fields;
  const block = {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: typeof content === 'string' ? content : [...content],
    is_error: isError,
  };
  return userLine(
    fields,
    [block] as UserContent,
    toolUseResult === undefined ? undefined : { tool_use_result: toolUseResult },
  );
}

/** The texts of the interruption marker, as the real CLI writes them. */
const interruptionMarkerText = {
  streaming: '[Request interrupted by user]',
  toolUse: '[Request interrupted by user for tool use]',
} as const;

/** C-01: the user line the real CLI adds after an interrupt (before the turn's `result`). */
export function buildInterruptionMarker(
  fields: Identity & { readonly forToolUse: boolean },
): ServerUserMessage {
  const text = fields.forToolUse
    ? interruptionMarkerText.toolUse
    : interruptionMarkerText.streaming;
  return userLine(fields, [{ type: 'text', text }]);
}

/** The body of a success `control_response`, as core's schema reads it (a JSON object). */
export type ControlSuccessBody = NonNullable<
  Extract<ControlResponseMessage['response'], { subtype: 'success' }>['response']
>;

/** A success `control_response`; `response` is omitted for bare acknowledgements. */
export function buildControlSuccess(
  requestId: ControlRequestId,
  response?: ControlSuccessBody,
): ControlResponseMessage {
  const inner = { subtype: 'success' as const, request_id: requestId };
  return {
    type: 'control_response',
    response: response === undefined ? inner : { ...inner, response },
  };
}

/** C-05: an error `control_response` (`error_code` e.g. `unsupported_request`). */
export function buildControlError(
  requestId: ControlRequestId,
  error: string,
  errorCode?: string,
): ControlResponseMessage {
  const inner = { subtype: 'error' as const, request_id: requestId, error };
  return {
    type: 'control_response',
    response: errorCode === undefined ? inner : { ...inner, error_code: errorCode },
  };
}

/** PM-02: the `can_use_tool` control request asking the client about one tool call. */
export function buildCanUseTool(fields: {
  readonly requestId: string;
  readonly toolName: string;
  readonly displayName?: string;
  readonly input: Readonly<ToolInput>;
  readonly toolUseId: string;
  readonly permissionSuggestions: readonly PermissionUpdate[];
}): AgentControlRequestMessage {
  const { requestId, toolName, displayName, input, toolUseId, permissionSuggestions } = fields;
  const request = {
    subtype: 'can_use_tool',
    tool_name: toolName,
    ...(displayName === undefined ? {} : { display_name: displayName }),
    input: { ...input },
    permission_suggestions: [...permissionSuggestions],
    tool_use_id: toolUseId,
  };
  return { type: 'control_request', request_id: requestId, request } as AgentControlRequestMessage;
}

/** PM-02: the one suggestion offered when the agent has an `allow_always` option. */
export function alwaysAllowSuggestion(toolName: string): PermissionUpdate {
  return { type: 'addRules', rules: [{ toolName }], behavior: 'allow', destination: 'session' };
}

/** PM-07: withdraws one of the bridge's pending `can_use_tool` requests. */
export function buildControlCancelRequest(requestId: string): ControlCancelRequestMessage {
  return { type: 'control_cancel_request', request_id: requestId };
}

/** N-06: `system/commands_changed`, the SDK's refresh of `supportedCommands()` (the full list). */
export function buildCommandsChanged(
  fields: Identity & { readonly commands: readonly SlashCommand[] },
): SystemCommandsChangedMessage {
  const commands = fields.commands.map((command) => ({ ...command }));
  return {
    type: 'system',
    subtype: 'commands_changed',
    commands,
    session_id: fields.sessionId,
    uuid: fields.uuid,
  };
}

/** N-06: ACP `availableCommands` → `SlashCommand`s (entries without a name dropped). */
export function toSlashCommands(
  availableCommands: readonly AvailableCommand[] | unknown,
): SlashCommand[] {
  if (!Array.isArray(availableCommands)) return [];
  return (availableCommands as Partial<AvailableCommand>[]).flatMap((command) => {
    if (typeof command?.name !== 'string' || command.name === '') return [];
    const hint = (command.input as { hint?: unknown } | null | undefined)?.hint;
    const description = typeof command.description === 'string' ? command.description : '';
    return [
      { name: command.name, description, argumentHint: typeof hint === 'string' ? hint : '' },
    ];
  });
}

/** H-11: catalog models → the SDK's `ModelInfo`s. */
export function toModelInfos(
  models: readonly { readonly id: string; readonly name: string; readonly description?: string }[],
): ModelInfo[] {
  return models.map(({ id, name, description }) => ({
    value: id,
    displayName: name,
    description: description ?? '',
    resolvedModel: id,
  }));
}

/** H-11: the success answer to the client's `initialize`, with what became of its launch fields. */
export function buildInitializeResponse(fields: {
  readonly requestId: ControlRequestId;
  readonly commands: readonly SlashCommand[];
  readonly models: readonly ModelInfo[];
  readonly agentName?: string;
  readonly agentVersion?: string;
  readonly permissionMode?: string;
  readonly applied?: Readonly<Record<string, boolean>>;
}): ControlResponseMessage {
  return buildControlSuccess(fields.requestId, {
    commands: fields.commands.map((command) => ({ ...command })),
    agents: [],
    output_style: 'default',
    available_output_styles: ['default'],
    models: fields.models.map((model) => ({ ...model })),
    account: {},
    ...(fields.permissionMode === undefined
      ? {}
      : { current_permission_mode: fields.permissionMode }),
    ...fields.applied,
    acp_agent: { name: fields.agentName ?? '', version: fields.agentVersion ?? '' },
  });
}
