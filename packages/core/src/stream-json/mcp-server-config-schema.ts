import { z } from 'zod';
import type {
  McpHttpServerConfig,
  McpServerConfig,
  McpSseServerConfig,
  McpStdioServerConfig,
} from '../protocol/mcp-server-config.js';
import { toSchemaIssues } from './schema-issues.js';

const stringRecordSchema = z.record(z.string(), z.string());

/** Runtime schema of {@link McpStdioServerConfig} (`type` may be omitted). */
export const mcpStdioServerConfigSchema: z.ZodType<McpStdioServerConfig> = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: stringRecordSchema.optional(),
});

/** Runtime schema of {@link McpHttpServerConfig}. */
export const mcpHttpServerConfigSchema: z.ZodType<McpHttpServerConfig> = z.looseObject({
  type: z.literal('http'),
  url: z.string().min(1),
  headers: stringRecordSchema.optional(),
});

/** Runtime schema of {@link McpSseServerConfig}. */
export const mcpSseServerConfigSchema: z.ZodType<McpSseServerConfig> = z.looseObject({
  type: z.literal('sse'),
  url: z.string().min(1),
  headers: stringRecordSchema.optional(),
});

/**
 * Runtime schema of {@link McpServerConfig} (Claude shape): `type` absent or `stdio`, `http`, `sse`.
 * Any other `type` (including the SDK's in-process `sdk`) is rejected with a readable issue.
 */
export const mcpServerConfigSchema: z.ZodType<McpServerConfig> = z
  .looseObject({ type: z.string().optional() })
  .superRefine((value, context) => {
    const schema =
      value.type === undefined || value.type === 'stdio'
        ? mcpStdioServerConfigSchema
        : value.type === 'http'
          ? mcpHttpServerConfigSchema
          : value.type === 'sse'
            ? mcpSseServerConfigSchema
            : undefined;
    if (schema === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['type'],
        message: `unsupported MCP server type '${value.type}' (expected stdio, http or sse)`,
      });
      return;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of toSchemaIssues(result.error.issues)) {
        context.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
      }
    }
  }) as unknown as z.ZodType<McpServerConfig>;

/** The JSON accepted by `--mcp-config` (inline or as a file): servers by name. */
export type McpConfigFile = {
  readonly mcpServers: Readonly<Record<string, McpServerConfig>>;
};

/** Runtime schema of {@link McpConfigFile}. */
export const mcpConfigFileSchema: z.ZodType<McpConfigFile> = z.looseObject({
  mcpServers: z.record(z.string(), mcpServerConfigSchema),
});
