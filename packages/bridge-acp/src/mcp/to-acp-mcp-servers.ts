import type { McpServerConfig } from '@agentbridge/core/contracts';
import type { McpServer } from '@agentclientprotocol/sdk';

/** One ACP MCP server entry of `session/new` / `session/load`. */
export type AcpMcpServer = McpServer;

/** How a configured server fares, for `system/init.mcp_servers` (a capability verdict). */
export type McpServerStatus = {
  readonly name: string;
  readonly status: 'connected' | 'failed';
  readonly error?: string;
};

/** The agent's `mcpCapabilities` (stdio is always supported). */
export type McpCapabilities = { readonly http: boolean; readonly sse: boolean };

/**
 * Converts the client's MCP servers (`--mcp-config`, SDK `mcpServers`) to ACP shapes (S-03,
 * generalised): stdio servers always (`{name, command, args, env: [{name, value}]}`, no `type`);
 * http and sse servers only when the agent advertises them (`headers` as `[{name, value}]`).
 * Every server gets a status: `connected` when passed on, else `failed` with the reason.
 * Header and env values are secrets: this function never logs, and callers must not log the result.
 */
export function toAcpMcpServers(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
  capabilities: McpCapabilities,
): { servers: AcpMcpServer[]; statuses: McpServerStatus[] } {
  const acpServers: AcpMcpServer[] = [];
  const statuses: McpServerStatus[] = [];
  if (servers === undefined) return { servers: acpServers, statuses };
  for (const [name, config] of Object.entries(servers)) {
    const failed = (error: string): void => {
      statuses.push({ name, status: 'failed', error });
    };
    const type = (config as { type?: unknown }).type;
    if (type === undefined || type === 'stdio') {
      const stdio = config as Extract<McpServerConfig, { command: string }>;
      if (typeof stdio.command !== 'string' || stdio.command === '') {
        failed('the server has no command');
        continue;
      }
      acpServers.push({
        name,
        command: stdio.command,
        args: [...(stdio.args ?? [])],
        env: toNameValues(stdio.env),
      });
    } else if (type === 'http' || type === 'sse') {
      const remote = config as Extract<McpServerConfig, { url: string }>;
      if (!capabilities[type]) {
        failed(`the agent does not accept ${type} MCP servers`);
        continue;
      }
      if (typeof remote.url !== 'string' || remote.url === '') {
        failed('the server has no url');
        continue;
      }
      acpServers.push({ type, name, url: remote.url, headers: toNameValues(remote.headers) });
    } else {
      failed(`MCP servers of type '${String(type)}' cannot be passed to an ACP agent`);
      continue;
    }
    statuses.push({ name, status: 'connected' });
  }
  return { servers: acpServers, statuses };
}

function toNameValues(
  values: Readonly<Record<string, string>> | undefined,
): { name: string; value: string }[] {
  if (values === undefined || values === null) return [];
  return Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
}
