import { z } from 'zod';
import type { OpenString } from './json-object.js';

/** An MCP server as listed in `system/init`. */
export type SystemInitMcpServer = {
  readonly name: string;
  /** `connected`, `failed`, `needs-auth`, `pending`, `disabled`. */
  readonly status: OpenString<'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled'>;
  readonly source?: string;
};

/** A plugin as listed in `system/init`. */
export type SystemInitPlugin = {
  readonly name: string;
  readonly path: string;
  readonly version?: string;
  readonly source?: string;
};

/**
 * Turn-start metadata, emitted at the **start of every turn** (after each user message), not at
 * spawn (stream-json §4.1). The real CLI adds more fields (`memory_paths`, `original_cwd`, ...).
 */
export type SystemInitMessage = {
  readonly type: 'system';
  readonly subtype: 'init';
  readonly session_id: string;
  readonly uuid?: string;
  /** `ANTHROPIC_API_KEY`, `apiKeyHelper`, `/login managed key`, `none`. */
  readonly apiKeySource: string;
  readonly betas?: readonly string[];
  readonly claude_code_version: string;
  readonly cwd: string;
  /** Tool names (the subagent tool is listed as `Task`). */
  readonly tools: readonly string[];
  readonly mcp_servers: readonly SystemInitMcpServer[];
  readonly model: string;
  readonly permissionMode: string;
  /** Command names only, no leading slash. */
  readonly slash_commands: readonly string[];
  readonly terminal_slash_commands?: readonly string[];
  readonly output_style: string;
  readonly skills: readonly string[];
  readonly plugins: readonly SystemInitPlugin[];
  readonly plugin_errors?: readonly unknown[];
  readonly agents?: readonly string[];
  readonly fast_mode_state?: string;
  readonly effort?: string;
  readonly view_mode?: string;
  readonly capabilities?: readonly string[];
};

const stringArray = z.array(z.string());

/** Runtime schema of {@link SystemInitMessage}. */
export const systemInitMessageSchema: z.ZodType<SystemInitMessage> = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('init'),
  session_id: z.string(),
  uuid: z.string().optional(),
  apiKeySource: z.string(),
  betas: stringArray.optional(),
  claude_code_version: z.string(),
  cwd: z.string(),
  tools: stringArray,
  mcp_servers: z.array(
    z.looseObject({ name: z.string(), status: z.string(), source: z.string().optional() }),
  ),
  model: z.string(),
  permissionMode: z.string(),
  slash_commands: stringArray,
  terminal_slash_commands: stringArray.optional(),
  output_style: z.string(),
  skills: stringArray,
  plugins: z.array(
    z.looseObject({
      name: z.string(),
      path: z.string(),
      version: z.string().optional(),
      source: z.string().optional(),
    }),
  ),
  plugin_errors: z.array(z.unknown()).optional(),
  agents: stringArray.optional(),
  fast_mode_state: z.string().optional(),
  effort: z.string().optional(),
  view_mode: z.string().optional(),
  capabilities: stringArray.optional(),
});
