import { z } from 'zod';
import { amount, byName, flag, jsonObject, object, strings, text } from './schema-kit.js';

/** Runtime schema of an MCP `tools/list` result: its tools, named (the rest of each stays open). */
export const mcpToolsListResultSchema = object({
  tools: z.array(object({ name: z.string() })),
  nextCursor: text,
});

/** What the SDK tells of one in-process server (`sdkMcpServerConfigs[name]`). */
export const sdkMcpServerConfigSchema = object({
  /** How long a request may wait for the server, in milliseconds. */
  timeout: amount,
  tools: z.array(z.unknown()).optional(),
});

/** Runtime schema of an MCP `initialize` result (the server's; capabilities stay open). */
export const mcpInitializeResultSchema = object({
  protocolVersion: z.string(),
  capabilities: jsonObject,
  serverInfo: object({ name: z.string(), version: z.string() }),
});

/** The SDK's pre-run MCP handshake of one in-process server (`sdkMcpServerManifests[name]`). */
export const sdkMcpServerManifestSchema = object({
  initializeResult: mcpInitializeResultSchema.optional(),
  toolsListResult: mcpToolsListResultSchema.optional(),
});

/** Runtime schema of {@link InitializeRequest}: the first control request (stream-json §2.3). */
export const initializeRequestSchema = object({
  subtype: z.literal('initialize'),
  /** Custom prompt blocks (older SDKs send one string); `[""]` when unset. */
  systemPrompt: z.union([z.string(), strings]).optional(),
  appendSystemPrompt: text,
  systemPromptSnapshot: flag,
  excludeDynamicSections: flag,
  /** The host runs `hookCallbackIds` when the CLI sends `hook_callback`. */
  hooks: byName(
    z.array(object({ matcher: text, hookCallbackIds: strings, timeout: amount, onFailure: text })),
  ).optional(),
  /** Names of the client's in-process MCP servers (reached through `mcp_message`). */
  sdkMcpServers: strings.optional(),
  sdkMcpServerConfigs: byName(sdkMcpServerConfigSchema).optional(),
  sdkMcpServerManifests: byName(sdkMcpServerManifestSchema).optional(),
  jsonSchema: jsonObject.optional(),
  agents: byName(
    object({
      description: z.string(),
      prompt: z.string(),
      tools: strings.optional(),
      disallowedTools: strings.optional(),
      model: text,
      mcpServers: z.array(z.unknown()).optional(),
      skills: strings.optional(),
      maxTurns: amount,
    }),
  ).optional(),
  title: text,
  skills: z.unknown().optional(),
  promptSuggestions: flag,
  agentProgressSummaries: flag,
  forwardSubagentText: flag,
  supportedDialogKinds: strings.optional(),
  perTaskStopAffordance: flag,
  toolAliases: byName(z.string()).optional(),
  planModeInstructions: text,
  /** Only honoured under `--await-initialize`, as are the fields below. */
  plugins: z.array(z.unknown()).optional(),
  mcpServers: byName(jsonObject).optional(),
  settings: z.unknown().optional(),
  managedSettings: z.unknown().optional(),
  disallowedTools: strings.optional(),
});

/** Runtime schema of {@link SlashCommand}: a command the agent offers (no leading slash). */
export const slashCommandSchema = object({
  name: z.string(),
  description: z.string(),
  /** Placeholder text for the arguments; `""` when the command takes none. */
  argumentHint: z.string(),
  aliases: strings.optional(),
  builtin: flag,
});

/** Runtime schema of {@link ModelInfo}: a model the client can pick (`value` is what it sends). */
export const modelInfoSchema = object({
  value: z.string(),
  displayName: z.string(),
  description: z.string(),
  resolvedModel: text,
  supportsEffort: flag,
  supportedEffortLevels: strings.optional(),
  supportsAdaptiveThinking: flag,
  supportsFastMode: flag,
  supportsAutoMode: flag,
});

/** Runtime schema of {@link InitializeResponse}, the success `response` to `initialize` (§2.4). */
export const initializeResponseSchema = object({
  commands: z.array(slashCommandSchema),
  agents: z.array(object({ name: z.string(), description: z.string(), model: text })),
  output_style: z.string(),
  available_output_styles: strings,
  models: z.array(modelInfoSchema),
  account: object({
    email: text,
    organization: text,
    subscriptionType: text,
    tokenSource: text,
    apiKeySource: text,
    apiProvider: text,
  }),
  pid: amount,
  claude_code_version: text,
  /** What became of the request's launch-time fields (the SDK checks them). */
  hooks_applied: flag,
  hook_on_failure_supported: flag,
  plugins_applied: flag,
  mcp_servers_applied: flag,
  disallowed_tools_applied: flag,
  settings_applied: flag,
  managed_settings_applied: flag,
  fast_mode_state: text,
  current_permission_mode: text,
  session_state: text,
  capabilities: strings.optional(),
  /** agentbridge: the ACP agent behind the bridge (its `agentInfo`). */
  acp_agent: object({ name: z.string(), version: z.string() }).optional(),
});

export type InitializeRequest = z.output<typeof initializeRequestSchema>;
export type McpInitializeResult = z.output<typeof mcpInitializeResultSchema>;
export type McpToolsListResult = z.output<typeof mcpToolsListResultSchema>;
export type SdkMcpServerConfig = z.output<typeof sdkMcpServerConfigSchema>;
export type SdkMcpServerManifest = z.output<typeof sdkMcpServerManifestSchema>;
export type SlashCommand = z.output<typeof slashCommandSchema>;
export type ModelInfo = z.output<typeof modelInfoSchema>;
export type InitializeResponse = z.output<typeof initializeResponseSchema>;
