import type { McpServerConfig } from '@agentbridge/core';
import { z } from 'zod';

const stringRecord = z.record(z.string(), z.string());

/** Zod schema of core's `McpServerConfig` (a stdio server may omit `type`). */
export const mcpServerConfigSchema: z.ZodType<McpServerConfig> = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('type' in value)
      ? { type: 'stdio', ...value }
      : value,
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({
        type: z.literal('stdio'),
        command: z.string().min(1, 'a stdio server needs a non-empty "command"'),
        args: z.array(z.string()).optional(),
        env: stringRecord.optional(),
      }),
      z.strictObject({
        type: z.literal('http'),
        url: z.url({ error: '"url" must be an absolute URL' }),
        headers: stringRecord.optional(),
      }),
      z.strictObject({
        type: z.literal('sse'),
        url: z.url({ error: '"url" must be an absolute URL' }),
        headers: stringRecord.optional(),
      }),
    ],
    { error: 'unknown server "type": use "stdio" (or omit it), "http" or "sse"' },
  ),
);

/** The document `--mcp-config` takes: `{"mcpServers": {"name": {...}}}`. */
export const mcpConfigDocumentSchema = z.object({
  mcpServers: z.record(z.string().min(1), mcpServerConfigSchema),
});
