import { z } from 'zod';
import type { JsonObject } from './json-object.js';
import { jsonObjectSchema } from './json-object.js';

/** One hook matcher of `initialize.hooks`: the host runs `hookCallbackIds` on `hook_callback`. */
export type HookCallbackMatcher = {
  /** Tool-name pattern for tool events; absent = every call. */
  readonly matcher?: string;
  /** Ids the CLI sends back in `hook_callback.callback_id` (`hook_0`, `hook_1`, ...). */
  readonly hookCallbackIds: readonly string[];
  readonly timeout?: number;
  readonly onFailure?: string;
};

/** A subagent defined by the client (`initialize.agents`). */
export type AgentDefinition = {
  readonly description: string;
  readonly prompt: string;
  readonly tools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  readonly model?: string;
  readonly mcpServers?: readonly unknown[];
  readonly skills?: readonly string[];
  readonly maxTurns?: number;
} & JsonObject;

/**
 * The first control request of a session (stream-json §2.3). Everything is optional; the SDK
 * sends `systemPrompt: [""]` when the user set no system prompt.
 */
export type InitializeRequest = {
  readonly subtype: 'initialize';
  /** Custom prompt blocks (older SDKs send one string). Absent with the preset form. */
  readonly systemPrompt?: string | readonly string[];
  readonly appendSystemPrompt?: string;
  readonly systemPromptSnapshot?: boolean;
  readonly excludeDynamicSections?: boolean;
  /** Hook matchers by hook event name (`PreToolUse`, `Stop`, ...). */
  readonly hooks?: Readonly<Record<string, readonly HookCallbackMatcher[]>>;
  /** Names of the client's in-process MCP servers (reached through `mcp_message`). */
  readonly sdkMcpServers?: readonly string[];
  readonly sdkMcpServerConfigs?: Readonly<Record<string, JsonObject>>;
  readonly sdkMcpServerManifests?: Readonly<Record<string, JsonObject>>;
  /** JSON Schema for structured output. */
  readonly jsonSchema?: JsonObject;
  readonly agents?: Readonly<Record<string, AgentDefinition>>;
  readonly title?: string;
  readonly skills?: unknown;
  readonly promptSuggestions?: boolean;
  readonly agentProgressSummaries?: boolean;
  readonly forwardSubagentText?: boolean;
  readonly supportedDialogKinds?: readonly string[];
  readonly perTaskStopAffordance?: boolean;
  readonly toolAliases?: Readonly<Record<string, string>>;
  readonly planModeInstructions?: string;
  /** Only honoured under `--await-initialize`. */
  readonly plugins?: readonly unknown[];
  /** Only honoured under `--await-initialize`: servers by name (Claude shape). */
  readonly mcpServers?: Readonly<Record<string, JsonObject>>;
  readonly settings?: unknown;
  readonly managedSettings?: unknown;
  readonly disallowedTools?: readonly string[];
};

/** Runtime schema of {@link HookCallbackMatcher}. */
export const hookCallbackMatcherSchema: z.ZodType<HookCallbackMatcher> = z.looseObject({
  matcher: z.string().optional(),
  hookCallbackIds: z.array(z.string()),
  timeout: z.number().optional(),
  onFailure: z.string().optional(),
});

/** Runtime schema of {@link AgentDefinition}. */
export const agentDefinitionSchema: z.ZodType<AgentDefinition> = z.looseObject({
  description: z.string(),
  prompt: z.string(),
  tools: z.array(z.string()).optional(),
  disallowedTools: z.array(z.string()).optional(),
  model: z.string().optional(),
  mcpServers: z.array(z.unknown()).optional(),
  skills: z.array(z.string()).optional(),
  maxTurns: z.number().optional(),
});

/** Runtime schema of {@link InitializeRequest}. */
export const initializeRequestSchema: z.ZodType<InitializeRequest> = z.looseObject({
  subtype: z.literal('initialize'),
  systemPrompt: z.union([z.string(), z.array(z.string())]).optional(),
  appendSystemPrompt: z.string().optional(),
  systemPromptSnapshot: z.boolean().optional(),
  excludeDynamicSections: z.boolean().optional(),
  hooks: z.record(z.string(), z.array(hookCallbackMatcherSchema)).optional(),
  sdkMcpServers: z.array(z.string()).optional(),
  sdkMcpServerConfigs: z.record(z.string(), jsonObjectSchema).optional(),
  sdkMcpServerManifests: z.record(z.string(), jsonObjectSchema).optional(),
  jsonSchema: jsonObjectSchema.optional(),
  agents: z.record(z.string(), agentDefinitionSchema).optional(),
  title: z.string().optional(),
  skills: z.unknown().optional(),
  promptSuggestions: z.boolean().optional(),
  agentProgressSummaries: z.boolean().optional(),
  forwardSubagentText: z.boolean().optional(),
  supportedDialogKinds: z.array(z.string()).optional(),
  perTaskStopAffordance: z.boolean().optional(),
  toolAliases: z.record(z.string(), z.string()).optional(),
  planModeInstructions: z.string().optional(),
  plugins: z.array(z.unknown()).optional(),
  mcpServers: z.record(z.string(), jsonObjectSchema).optional(),
  settings: z.unknown().optional(),
  managedSettings: z.unknown().optional(),
  disallowedTools: z.array(z.string()).optional(),
});
