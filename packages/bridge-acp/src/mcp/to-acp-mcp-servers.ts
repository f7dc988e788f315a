import type {
  McpHttpServerConfig,
  McpServerConfig,
  McpStdioServerConfig,
} from '@agentbridge/core/contracts';
import type { McpServer } from '@agentclientprotocol/sdk';

/** How a configured server fares, for `system/init.mcp_servers` (a capability verdict). */
export type McpServerStatus = {
  readonly name: string;
  readonly status: 'connected' | 'failed';
  readonly error?: string;
};

/**
 * Converts the client's MCP servers to ACP shapes (S-03): stdio servers always, http and sse ones
 * when the agent's `mcpCapabilities` accept them; every server gets a status. Header and env
 * values are secrets: never log the result.
 */
export function toAcpMcpServers(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
  capabilities: { readonly http: boolean; readonly sse: boolean },
): { servers: McpServer[]; statuses: McpServerStatus[] } {
  const acpServers: McpServer[] = [];
  const statuses: McpServerStatus[] = [];
  for (const [name, config] of Object.entries(servers ?? {})) {
    const server = toAcpServer(name, config, capabilities);
    if (typeof server === 'string') {
      statuses.push({ name, status: 'failed', error: server });
    } else {
      acpServers.push(server);
      statuses.push({ name, status: 'connected' });
    }
  }
  return { servers: acpServers, statuses };
}

/** The ACP entry of one server (stdio ones carry no `type`), or why it cannot be passed on. */
function toAcpServer(
  name: string,
  config: McpServerConfig,
  capabilities: { readonly http: boolean; readonly sse: boolean },
): McpServer | string {
  const type: unknown = config.type;
  if (type === undefined || type === 'stdio') {
    const { command, args, env } = config as McpStdioServerConfig;
    if (typeof command !== 'string' || command === '') return 'the server has no command';
    return { name, command, args: [...(args ?? [])], env: nameValues(env) };
  }
  if (type !== 'http' && type !== 'sse') {
    return `MCP servers of type '${String(type)}' cannot be passed to an ACP agent`;
  }
  if (!capabilities[type]) return `the agent does not accept ${type} MCP servers`;
  const { url, headers } = config as McpHttpServerConfig;
  if (typeof url !== 'string' || url === '') return 'the server has no url';
  return { type, name, url, headers: nameValues(headers) };
}

function nameValues(values: Readonly<Record<string, string>> | null | undefined) {
  return Object.entries(values ?? {}).map(([name, value]) => ({ name, value: String(value) }));
}
