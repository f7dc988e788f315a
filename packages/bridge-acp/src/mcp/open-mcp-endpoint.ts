import type { McpServer } from '@agentclientprotocol/sdk';
import type { AgentInfo, MachineContext } from '../machine/bridge-state.js';
import { offersStructuredTool } from '../structured-output/structured-output-server.js';
import { ownServerName } from './mcp-state.js';
import { toAcpMcpServers } from './to-acp-mcp-servers.js';

/**
 * MCP-01: the servers the host serves on the session's local endpoint (the client's enabled
 * in-process servers, and the bridge's own when the schema suits the `StructuredOutput` tool) and
 * their ACP entries (`http` when the agent takes it, else the host's stdio relay). `done` gets the
 * entries; a host that cannot serve them marks those servers failed (structured output then checks
 * the answer's text) and `done` gets none.
 */
export function openMcpEndpoint(
  context: MachineContext,
  done: (servers: readonly McpServer[]) => void,
) {
  const { mcp } = context.state;
  const names = [...mcp.sdkServers.keys()].filter((name) => !mcp.disabled.has(name));
  const withTool = offersStructuredTool(mcp.jsonSchema);
  if (withTool) names.push(ownServerName);
  if (names.length === 0) return done([]);
  context.host.perform('mcp/open-endpoint', { names, http: mcp.capabilities.http }, (result) => {
    mcp.structuredTool = withTool && result.ok;
    for (const name of names) {
      const server = mcp.sdkServers.get(name);
      if (server === undefined) continue;
      if (result.ok) delete server.error;
      else Object.assign(server, { status: 'failed', error: result.message });
    }
    if (!result.ok)
      context.log.warn('the local MCP endpoint could not be opened', { reason: result.message });
    done(result.ok ? result.value.servers : []);
  });
}

/**
 * MCP-06: the agent's whole server set now: the configured servers it can take (the client's
 * switched-off ones left out), then the endpoint's; the statuses of the configured ones.
 */
export function withServerSet(
  context: MachineContext,
  agent: AgentInfo,
  endpoint: readonly McpServer[],
): AgentInfo {
  const { client, mcp } = context.state;
  const configured = toAcpMcpServers(client.mcpServers, mcp.capabilities);
  const enabled = configured.servers.filter((server) => !mcp.disabled.has(server.name));
  return { ...agent, mcpServers: [...enabled, ...endpoint], mcpStatuses: configured.statuses };
}
