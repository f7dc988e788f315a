import { isRecord } from '@agentbridge/core/contracts';
import type { MachineContext } from '../machine/bridge-state.js';
import type { Json, McpState, SdkServer } from './mcp-state-types.js';
import type { McpServerStatus } from './to-acp-mcp-servers.js';

/** How long a message forwarded to the client may wait for its answer by default (tools run long). */
const defaultTimeoutMs = 600_000;

/** The bridge's own server on the endpoint: it offers `StructuredOutput` (SO-01). */
export const ownServerName = 'agentbridge';

/** The JSON-RPC error codes the endpoint answers with (MCP's timeout is -32001). */
export const mcpErrorCodes = {
  closed: -32000,
  timeout: -32001,
  notFound: -32601,
  internal: -32603,
};

/** What the endpoint answers one request with. */
export type McpReply = (
  body:
    | { readonly result: Json }
    | { readonly error: { readonly code: number; readonly message: string } },
) => void;

/** The state of a bridge whose client has no in-process server and no schema yet. */
export function createMcpState(jsonSchema: Json | undefined): McpState {
  return {
    sdkServers: new Map(),
    jsonSchema,
    structuredTool: false,
    capabilities: { http: false, sse: false },
    disabled: new Set(),
    forwarded: new Map(),
    nextMessageId: 0,
    structured: undefined,
    named: new Set(),
    reopening: undefined,
    listing: undefined,
  };
}

/** A server of the SDK with what its manifest and config tell (MCP-02). */
export function newSdkServer(manifest: unknown, config: unknown): SdkServer {
  const timeout = isRecord(config) ? config.timeout : undefined;
  const part = (key: string) =>
    isRecord(manifest) && isRecord(manifest[key]) ? manifest[key] : undefined;
  return {
    initializeResult: part('initializeResult'),
    toolsListResult: part('toolsListResult'),
    // The SDK ignores values below a second too.
    timeoutMs: typeof timeout === 'number' && timeout >= 1000 ? timeout : defaultTimeoutMs,
    // GA-11: in-process, so reachable from the start, as Claude Code reports it.
    status: 'connected',
    listed: false,
  };
}

/**
 * MCP-02, SO-01: the in-process servers, manifests and schema of the client's `initialize`
 * (`sdkMcpServers`, `sdkMcpServerManifests`, `sdkMcpServerConfigs`, `jsonSchema`).
 */
export function readSdkServers(state: McpState, request: Record<string, unknown>): void {
  const manifests = isRecord(request.sdkMcpServerManifests) ? request.sdkMcpServerManifests : {};
  const configs = isRecord(request.sdkMcpServerConfigs) ? request.sdkMcpServerConfigs : {};
  for (const name of Array.isArray(request.sdkMcpServers) ? request.sdkMcpServers : [])
    if (typeof name === 'string' && name !== '' && name !== ownServerName)
      state.sdkServers.set(name, newSdkServer(manifests[name], configs[name]));
  if (isRecord(request.jsonSchema)) state.jsonSchema = request.jsonSchema;
}

/** The names of a server's tools its `tools/list` result gave (manifest or a forwarded answer). */
export function toolNamesOf(server: SdkServer): string[] {
  const tools = server.toolsListResult?.tools;
  return (Array.isArray(tools) ? tools : []).flatMap((tool) =>
    isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [],
  );
}

/** Every MCP server the agent may name in a tool call: configured, in-process, the bridge's (T-11). */
export function mcpServerNamesOf(context: MachineContext): string[] {
  const { mcp, client } = context.state;
  const names = [...Object.keys(client.mcpServers), ...mcp.sdkServers.keys()];
  return mcp.structuredTool ? [...names, ownServerName] : names;
}

/** MCP-04: the bridge's own tool is Claude Code's `StructuredOutput`; other names stay. */
export function claudeToolName(name: string): string {
  return name === `mcp__${ownServerName}__StructuredOutput` ? 'StructuredOutput' : name;
}

/** MCP-04: `can_use_tool.mcp_server` of an MCP tool: its server (the longest name that fits). */
export function mcpProvenanceOf(context: MachineContext, toolName: string) {
  const server = mcpServerNamesOf(context)
    .filter((name) => toolName.startsWith(`mcp__${name}__`))
    .sort((left, right) => right.length - left.length)[0];
  if (server === undefined) return {};
  const source = context.state.mcp.sdkServers.has(server) ? 'sdk' : 'dynamic';
  return { mcp_server: { name: server, source } };
}

/** MCP-05: the statuses of the configured servers and then of the in-process ones (`source: sdk`). */
export function mcpStatusesOf(context: MachineContext): McpServerStatus[] {
  const { phase, mcp } = context.state;
  const agent = phase.name === 'ready' || phase.name === 'handshake' ? phase.agent : undefined;
  const configured = (agent?.mcpStatuses ?? []).map((status) =>
    mcp.disabled.has(status.name) ? { name: status.name, status: 'disabled' as const } : status,
  );
  const sdk = [...mcp.sdkServers].map(([name, server]): McpServerStatus => {
    const status = mcp.disabled.has(name) ? 'disabled' : server.status;
    return {
      name,
      status,
      source: 'sdk',
      ...(server.error === undefined ? {} : { error: server.error }),
    };
  });
  return [...configured, ...sdk];
}

/** H-12, MCP-04: the Claude names of the in-process servers' tools, and `StructuredOutput`. */
export function sdkToolNamesOf(state: McpState): string[] {
  const names = [...state.sdkServers].flatMap(([server, entry]) =>
    state.disabled.has(server) ? [] : toolNamesOf(entry).map((tool) => `mcp__${server}__${tool}`),
  );
  return state.jsonSchema === undefined ? names : [...names, 'StructuredOutput'];
}
