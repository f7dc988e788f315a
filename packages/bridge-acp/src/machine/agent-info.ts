import type { NewSessionRequest } from '@agentclientprotocol/sdk/unstable';
import { readAuthMethods } from '../auth/read-auth-methods.js';
import type { InitializeResultIn } from '../json-rpc/agent-schemas.js';
import { toAcpMcpServers } from '../mcp/to-acp-mcp-servers.js';
import type { AgentInfo, MachineContext } from './bridge-state.js';

/** H-04..H-06: what the agent advertised, and the MCP servers as it can take them (S-03). */
export function readAgentInfo(context: MachineContext, result: InitializeResultIn): AgentInfo {
  const capabilities = result.agentCapabilities;
  const prompt = capabilities?.promptCapabilities;
  const mcp = capabilities?.mcpCapabilities;
  // `{}` means offered; absent, `null` or `false` read as absent (initializeResult).
  const session = capabilities?.sessionCapabilities;
  // MCP-01: what the agent takes decides how the in-process servers are served too.
  context.state.mcp.capabilities = { http: mcp?.http === true, sse: mcp?.sse === true };
  const servers = toAcpMcpServers(context.state.client.mcpServers, context.state.mcp.capabilities);
  for (const status of servers.statuses)
    if (status.status === 'failed')
      context.log.warn('MCP server not passed to the agent', { name: status.name });
  return {
    name: result.agentInfo?.name ?? '',
    version: result.agentInfo?.version ?? '',
    authMethods: readAuthMethods(result.authMethods),
    can: {
      loadSession: capabilities?.loadSession === true,
      resumeSession: session?.resume !== undefined,
      forkSession: session?.fork !== undefined,
      listSessions: session?.list !== undefined,
      image: prompt?.image === true,
      audio: prompt?.audio === true,
      embeddedContext: prompt?.embeddedContext === true,
      systemPrompt: session?.systemPrompt !== undefined,
      additionalDirectories: session?.additionalDirectories !== undefined,
    },
    mcpServers: servers.servers,
    mcpStatuses: servers.statuses,
  };
}

/** The `cwd`, `mcpServers` and `additionalDirectories` every session request carries (S-02). */
export function sessionParams(context: MachineContext, agent: AgentInfo): NewSessionRequest {
  const params: NewSessionRequest = { cwd: context.launch.cwd, mcpServers: [...agent.mcpServers] };
  const directories = context.launch.additionalDirectories ?? [];
  if (directories.length > 0) {
    if (agent.can.additionalDirectories) params.additionalDirectories = [...directories];
    else context.log.info('agent does not take additional directories; not sent');
  }
  return params;
}
