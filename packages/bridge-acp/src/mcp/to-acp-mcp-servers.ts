import type {
  McpHttpServerConfig,
  McpServerConfig,
  McpStdioServerConfig,
} from '@agentbridge/core/contracts';
import type { McpServer } from '@agentclientprotocol/sdk';

/** How a server fares, for `system/init.mcp_servers` and `mcp_status` (MCP-05). */
export type McpServerStatus = {
  readonly name: string;
  readonly status: 'connected' | 'failed' | 'pending' | 'disabled';
  /** `sdk` for the client's in-process servers. */
  readonly source?: string;
  readonly error?: string;
};

/**
 * S-03: the client's MCP servers in ACP shapes (http and sse ones if the agent accepts them), and
 * a status for each. Header and env values are secrets: never log the result.
 */
export function toAcpMcpServers(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
  capabilities: { readonly http: boolean; readonly sse: boolean },
): { servers: McpServer[]; statuses: McpServerStatus[] } {
  const acpServers: McpServer[] = [];
  const statuses = Object.entries(servers ?? {}).map(([name, config]): McpServerStatus => {
    const server = toAcpServer(name, config, capabilities);
    if (typeof server === 'string') return { name, status: 'failed', error: server };
    acpServers.push(server);
    return { name, status: 'connected' };
  });
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
