import type { McpServerConfig } from '@agentbridge/core/contracts';

/** The header values (http, sse) and env values (stdio) of the `--mcp-config` servers. */
export function mcpSecretValues(servers: Readonly<Record<string, McpServerConfig>>): string[] {
  return Object.values(servers).flatMap((server) =>
    Object.values(
      (server.type === 'http' || server.type === 'sse' ? server.headers : server.env) ?? {},
    ),
  );
}
