import { z } from 'zod';
import { byName, issuesOf, object, own, report, strings, text } from './schema-kit.js';

const stringMap = byName(z.string());

/** Runtime schemas of an MCP server as a Claude client configures it, by `type`. */
export const mcpServerConfigSchemas = {
  /** A child process speaking MCP over stdio; `type` may be omitted. */
  stdio: object({
    type: z.literal('stdio').optional(),
    command: z.string().min(1),
    args: strings.optional(),
    env: stringMap.optional(),
  }),
  /** A streamable-HTTP server. `headers` often hold secrets: never log them. */
  http: object({ type: z.literal('http'), url: z.string().min(1), headers: stringMap.optional() }),
  sse: object({ type: z.literal('sse'), url: z.string().min(1), headers: stringMap.optional() }),
};

type Schemas = typeof mcpServerConfigSchemas;
export type McpStdioServerConfig = z.output<Schemas['stdio']>;
export type McpHttpServerConfig = z.output<Schemas['http']>;
export type McpSseServerConfig = z.output<Schemas['sse']>;
/** An MCP server of `--mcp-config` or the SDK's `mcpServers` (the bridge converts it to ACP's). */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig | McpSseServerConfig;

/** Runtime schema of {@link McpServerConfig}; any other `type` (also the SDK's `sdk`) is an issue. */
export const mcpServerConfigSchema = z.looseObject({ type: text }).superRefine((value, context) => {
  const schema = own<z.ZodType>(mcpServerConfigSchemas, value.type ?? 'stdio');
  const message = `unsupported MCP server type '${value.type}' (expected stdio, http or sse)`;
  report(context, schema ? issuesOf(schema, value) : [{ path: ['type'], message }]);
}) as unknown as z.ZodType<McpServerConfig>;

/** Runtime schema of the JSON `--mcp-config` accepts (inline or as a file): servers by name. */
export const mcpConfigFileSchema = object({ mcpServers: byName(mcpServerConfigSchema) });

export type McpConfigFile = z.output<typeof mcpConfigFileSchema>;
