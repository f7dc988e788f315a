/**
 * Builders for the stream-json lines the bridge writes to its client, in the real Claude Code
 * CLI's shapes (stream-json.md §2.4, §4, §5). Each returns a plain object; the caller serialises it.
 */

/** The fields every session line carries. */
export type LineIdentity = {
  readonly sessionId: string;
  /** The line's own `uuid`. */
  readonly uuid: string;
};

/** One entry of `system/init.mcp_servers`. */
export type McpServerStatusEntry = {
  readonly name: string;
  readonly status: 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';
  readonly error?: string;
};

/** Input of {@link buildSystemInit} (H-12). */
export type SystemInitFields = LineIdentity & {
  readonly cwd: string;
  /** The model in effect (after any start-up switch), or `''`. */
  readonly model: string;
  /** The Claude-vocabulary permission mode in effect. */
  readonly permissionMode: string;
  /** Slash command names (no leading `/`). */
  readonly slashCommands: readonly string[];
  readonly mcpServers: readonly McpServerStatusEntry[];
  /** The agent's `agentInfo` (H-05): shown as `claude_code_version` "name version". */
  readonly agentName?: string;
  readonly agentVersion?: string;
  /** The backend's display name (`acp_backend`, the marker of a bridge-made init). */
  readonly backendName: string;
  readonly tools?: readonly string[];
  readonly outputStyle?: string;
};

/** H-12: `"name version"`, only the version without a name, only the name without a version. */
export function agentVersionText(name: string | undefined, version: string | undefined): string {
  const trimmedName = name?.trim() ?? '';
  const trimmedVersion = version?.trim() ?? '';
  if (trimmedName === '') return trimmedVersion;
  if (trimmedVersion === '') return trimmedName;
  return `${trimmedName} ${trimmedVersion}`;
}

/** H-12: the `system/init` line emitted at session-ready and at the start of each turn. */
export function buildSystemInit(fields: SystemInitFields): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'init',
    cwd: fields.cwd,
    session_id: fields.sessionId,
    tools: [...(fields.tools ?? [])],
    mcp_servers: fields.mcpServers.map((server) =>
      server.error === undefined
        ? { name: server.name, status: server.status }
        : { name: server.name, status: server.status, error: server.error },
    ),
    model: fields.model,
    permissionMode: fields.permissionMode,
    slash_commands: [...fields.slashCommands],
    apiKeySource: 'none',
    claude_code_version: agentVersionText(fields.agentName, fields.agentVersion),
    output_style: fields.outputStyle ?? 'default',
    agents: [],
    skills: [],
    plugins: [],
    acp_backend: fields.backendName,
    uuid: fields.uuid,
  };
}

/** `system/status`: the permission mode changed (C-03, or an agent-side `current_mode_update`). */
export function buildSystemStatus(
  fields: LineIdentity & { readonly permissionMode: string },
): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'status',
    status: null,
    permissionMode: fields.permissionMode,
    session_id: fields.sessionId,
    uuid: fields.uuid,
  };
}

/** A `system/informational` banner (level `warning` unless given), e.g. a tool that ran unasked. */
export function buildSystemWarning(
  fields: LineIdentity & {
    readonly content: string;
    readonly level?: 'info' | 'notice' | 'suggestion' | 'warning';
  },
): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'informational',
    content: fields.content,
    level: fields.level ?? 'warning',
    session_id: fields.sessionId,
    uuid: fields.uuid,
  };
}

const userLine = (
  identity: LineIdentity,
  content: unknown,
  extra?: Record<string, unknown>,
): Record<string, unknown> => ({
  type: 'user',
  message: { role: 'user', content },
  parent_tool_use_id: null,
  session_id: identity.sessionId,
  uuid: identity.uuid,
  ...extra,
});

/**
 * PR-03 / `--replay-user-messages`: the client's own user line echoed back with `isReplay: true`.
 * A string becomes one text block (the seed's concatenated text); an array is echoed as given.
 */
export function buildUserReplay(
  fields: LineIdentity & { readonly content: string | readonly unknown[] },
): Record<string, unknown> {
  const content =
    typeof fields.content === 'string'
      ? [{ type: 'text', text: fields.content }]
      : [...fields.content];
  return userLine(fields, content, { isReplay: true });
}

/** T-30: the `tool_result` user line of one completed tool call. */
export function buildToolResult(
  fields: LineIdentity & {
    readonly toolUseId: string;
    /** A string, or `[text?, image…]` blocks (T-22). */
    readonly content: string | readonly object[];
    readonly isError: boolean;
    /** The tool's structured output (`tool_use_result`), e.g. the ACP `rawOutput`. */
    readonly toolUseResult?: unknown;
  },
): Record<string, unknown> {
  const block = {
    type: 'tool_result',
    tool_use_id: fields.toolUseId,
    content: typeof fields.content === 'string' ? fields.content : [...fields.content],
    is_error: fields.isError,
  };
  return userLine(
    fields,
    [block],
    fields.toolUseResult === undefined ? undefined : { tool_use_result: fields.toolUseResult },
  );
}

/** The text of the interruption marker, as the real CLI writes it. */
export const interruptionMarkerText = {
  streaming: '[Request interrupted by user]',
  toolUse: '[Request interrupted by user for tool use]',
} as const;

/** The user line the real CLI adds after an interrupt (before the turn's `result`). */
export function buildInterruptionMarker(
  fields: LineIdentity & { readonly forToolUse: boolean },
): Record<string, unknown> {
  const text = fields.forToolUse
    ? interruptionMarkerText.toolUse
    : interruptionMarkerText.streaming;
  return userLine(fields, [{ type: 'text', text }]);
}

/** A success `control_response`. `response` is omitted for bare acknowledgements. */
export function buildControlSuccess(
  requestId: string,
  response?: unknown,
): Record<string, unknown> {
  const inner: Record<string, unknown> = { subtype: 'success', request_id: requestId };
  if (response !== undefined) inner.response = response;
  return { type: 'control_response', response: inner };
}

/** An error `control_response` (`error_code` e.g. `unsupported_request`). */
export function buildControlError(
  requestId: string,
  error: string,
  errorCode?: string,
): Record<string, unknown> {
  const inner: Record<string, unknown> = { subtype: 'error', request_id: requestId, error };
  if (errorCode !== undefined) inner.error_code = errorCode;
  return { type: 'control_response', response: inner };
}

/** Input of {@link buildCanUseTool} (PM-02). */
export type CanUseToolFields = {
  readonly requestId: string;
  readonly toolName: string;
  /** Shown to the user; omitted when absent. */
  readonly displayName?: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly toolUseId: string;
  readonly permissionSuggestions: readonly unknown[];
  readonly description?: string;
  readonly blockedPath?: string;
};

/** PM-02: the `can_use_tool` control request asking the client about one tool call. */
export function buildCanUseTool(fields: CanUseToolFields): Record<string, unknown> {
  const request: Record<string, unknown> = { subtype: 'can_use_tool', tool_name: fields.toolName };
  if (fields.displayName !== undefined) request.display_name = fields.displayName;
  request.input = fields.input;
  if (fields.description !== undefined) request.description = fields.description;
  request.permission_suggestions = [...fields.permissionSuggestions];
  if (fields.blockedPath !== undefined) request.blocked_path = fields.blockedPath;
  request.tool_use_id = fields.toolUseId;
  return { type: 'control_request', request_id: fields.requestId, request };
}

/** PM-02: the single suggestion offered when the agent has an `allow_always` option. */
export function alwaysAllowSuggestion(toolName: string): Record<string, unknown> {
  return {
    type: 'addRules',
    rules: [{ toolName }],
    behavior: 'allow',
    destination: 'session',
  };
}

/** Withdraws one of the bridge's pending requests (a `can_use_tool` on interrupt). */
export function buildControlCancelRequest(requestId: string): Record<string, unknown> {
  return { type: 'control_cancel_request', request_id: requestId };
}

/**
 * N-06: `system/commands_changed`, the SDK's refresh of `supportedCommands()` after `initialize`
 * was answered (the full list, replace semantics).
 */
export function buildCommandsChanged(
  fields: LineIdentity & { readonly commands: readonly SlashCommand[] },
): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'commands_changed',
    commands: fields.commands.map((command) => ({ ...command })),
    session_id: fields.sessionId,
    uuid: fields.uuid,
  };
}

/** The SDK's `SlashCommand`. */
export type SlashCommand = { name: string; description: string; argumentHint: string };

/** The SDK's `ModelInfo`. */
export type ModelInfo = {
  value: string;
  displayName: string;
  description: string;
  resolvedModel?: string;
};

/** N-06: ACP `availableCommands` → `SlashCommand`s (entries without a name dropped). */
export function toSlashCommands(availableCommands: unknown): SlashCommand[] {
  if (!Array.isArray(availableCommands)) return [];
  const commands: SlashCommand[] = [];
  for (const command of availableCommands) {
    if (typeof command !== 'object' || command === null) continue;
    const { name, description, input } = command as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') continue;
    const hint =
      typeof input === 'object' && input !== null
        ? (input as Record<string, unknown>).hint
        : undefined;
    commands.push({
      name,
      description: typeof description === 'string' ? description : '',
      argumentHint: typeof hint === 'string' ? hint : '',
    });
  }
  return commands;
}

/** H-11: catalog models (`{id, name, description?}`) → `ModelInfo`s. */
export function toModelInfos(
  models: readonly { readonly id: string; readonly name: string; readonly description?: string }[],
): ModelInfo[] {
  return models.map((model) => ({
    value: model.id,
    displayName: model.name,
    description: model.description ?? '',
    resolvedModel: model.id,
  }));
}

/** Input of {@link buildInitializeResponse} (H-11). */
export type InitializeResponseFields = {
  readonly requestId: string;
  readonly commands: readonly SlashCommand[];
  readonly models: readonly ModelInfo[];
  readonly agentName?: string;
  readonly agentVersion?: string;
  /** The host's process id, when it wants to expose it. */
  readonly pid?: number;
  /** The Claude permission mode in effect (`current_permission_mode`). */
  readonly permissionMode?: string;
  /**
   * What became of the request's launch-time fields, copied as they are (`mcp_servers_applied`,
   * `disallowed_tools_applied`, `settings_applied`, `hooks_applied`, ...).
   */
  readonly applied?: Readonly<Record<string, boolean>>;
};

/** H-11: the success answer to the client's `initialize`, in the SDK's expected shape. */
export function buildInitializeResponse(fields: InitializeResponseFields): Record<string, unknown> {
  const response: Record<string, unknown> = {
    commands: fields.commands.map((command) => ({ ...command })),
    agents: [],
    output_style: 'default',
    available_output_styles: ['default'],
    models: fields.models.map((model) => ({ ...model })),
    account: {},
  };
  if (fields.pid !== undefined) response.pid = fields.pid;
  if (fields.permissionMode !== undefined) response.current_permission_mode = fields.permissionMode;
  Object.assign(response, fields.applied);
  response.acp_agent = { name: fields.agentName ?? '', version: fields.agentVersion ?? '' };
  return buildControlSuccess(fields.requestId, response);
}
