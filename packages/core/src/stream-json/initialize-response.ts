import { z } from 'zod';

/** A slash command the agent offers (no leading slash in `name`). */
export type SlashCommand = {
  readonly name: string;
  readonly description: string;
  /** Placeholder text for the arguments; `""` when the command takes none. */
  readonly argumentHint: string;
  readonly aliases?: readonly string[];
  readonly builtin?: boolean;
};

/** A model the client can pick with `set_model` (`value` is what it sends). */
export type ModelInfo = {
  readonly value: string;
  readonly displayName: string;
  readonly description: string;
  readonly resolvedModel?: string;
  readonly supportsEffort?: boolean;
  readonly supportedEffortLevels?: readonly string[];
  readonly supportsAdaptiveThinking?: boolean;
  readonly supportsFastMode?: boolean;
  readonly supportsAutoMode?: boolean;
};

/** Who is signed in. Every field is optional (`{}` when unknown). */
export type AccountInfo = {
  readonly email?: string;
  readonly organization?: string;
  readonly subscriptionType?: string;
  readonly tokenSource?: string;
  readonly apiKeySource?: string;
  readonly apiProvider?: string;
};

/** A subagent the client may run. */
export type AgentInfo = {
  readonly name: string;
  readonly description: string;
  readonly model?: string;
};

/**
 * The success `response` to an `initialize` control request (stream-json §2.4). The real CLI adds
 * many more fields (`pid`, `claude_code_version`, `current_permission_mode`, `capabilities`, ...);
 * they are kept.
 */
export type InitializeResponse = {
  readonly commands: readonly SlashCommand[];
  readonly agents: readonly AgentInfo[];
  readonly output_style: string;
  readonly available_output_styles: readonly string[];
  readonly models: readonly ModelInfo[];
  readonly account: AccountInfo;
  readonly pid?: number;
  readonly claude_code_version?: string;
  readonly hooks_applied?: boolean;
  readonly hook_on_failure_supported?: boolean;
  readonly plugins_applied?: boolean;
  readonly mcp_servers_applied?: boolean;
  readonly fast_mode_state?: string;
  readonly current_permission_mode?: string;
  readonly session_state?: string;
  readonly capabilities?: readonly string[];
};

/** Runtime schema of {@link SlashCommand}. */
export const slashCommandSchema: z.ZodType<SlashCommand> = z.looseObject({
  name: z.string(),
  description: z.string(),
  argumentHint: z.string(),
  aliases: z.array(z.string()).optional(),
  builtin: z.boolean().optional(),
});

/** Runtime schema of {@link ModelInfo}. */
export const modelInfoSchema: z.ZodType<ModelInfo> = z.looseObject({
  value: z.string(),
  displayName: z.string(),
  description: z.string(),
  resolvedModel: z.string().optional(),
  supportsEffort: z.boolean().optional(),
  supportedEffortLevels: z.array(z.string()).optional(),
  supportsAdaptiveThinking: z.boolean().optional(),
  supportsFastMode: z.boolean().optional(),
  supportsAutoMode: z.boolean().optional(),
});

/** Runtime schema of {@link AccountInfo}. */
export const accountInfoSchema: z.ZodType<AccountInfo> = z.looseObject({
  email: z.string().optional(),
  organization: z.string().optional(),
  subscriptionType: z.string().optional(),
  tokenSource: z.string().optional(),
  apiKeySource: z.string().optional(),
  apiProvider: z.string().optional(),
});

/** Runtime schema of {@link AgentInfo}. */
export const agentInfoSchema: z.ZodType<AgentInfo> = z.looseObject({
  name: z.string(),
  description: z.string(),
  model: z.string().optional(),
});

/** Runtime schema of {@link InitializeResponse}. */
export const initializeResponseSchema: z.ZodType<InitializeResponse> = z.looseObject({
  commands: z.array(slashCommandSchema),
  agents: z.array(agentInfoSchema),
  output_style: z.string(),
  available_output_styles: z.array(z.string()),
  models: z.array(modelInfoSchema),
  account: accountInfoSchema,
  pid: z.number().optional(),
  claude_code_version: z.string().optional(),
  hooks_applied: z.boolean().optional(),
  hook_on_failure_supported: z.boolean().optional(),
  plugins_applied: z.boolean().optional(),
  mcp_servers_applied: z.boolean().optional(),
  fast_mode_state: z.string().optional(),
  current_permission_mode: z.string().optional(),
  session_state: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
});
