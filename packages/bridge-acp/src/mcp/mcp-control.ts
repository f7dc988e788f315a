import { sdkMcpServerConfigSchema } from '@agentbridge/core';
import type { ClientControlRequestMessage, McpServerConfig } from '@agentbridge/core/contracts';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import { sessionParams } from '../machine/agent-info.js';
import type { MachineContext } from '../machine/bridge-state.js';
import { emitControlError, emitControlSuccess } from '../machine/client-output.js';
import type { ControlRequestId } from '../north/client-lines.js';
import { onListingTimer } from './mcp-servers-ready-gate.js';
import { mcpStatusesOf, newSdkServer, toolNamesOf } from './mcp-state.js';
import type { McpState, SdkServer } from './mcp-state-types.js';
import { openMcpEndpoint, withServerSet } from './open-mcp-endpoint.js';

const settleTimerId = 'mcp-reopen-settle';

/** The MCP control requests of the client, parsed. */
type McpControlRequest = Extract<
  ClientControlRequestMessage['request'],
  { subtype: 'mcp_status' | 'mcp_message' | 'mcp_set_servers' | 'mcp_reconnect' | 'mcp_toggle' }
>;

/**
 * MCP-05..MCP-08: `mcp_status`, `mcp_set_servers`, `mcp_reconnect`, `mcp_toggle` and the client's
 * own `mcp_message` (a message its in-process server sends unasked). A server set changes by
 * reopening the session with it (`session/resume`, else `session/load`: the conversation stays),
 * between turns only; what cannot be done is refused with the reason.
 */
export function onMcpControl(
  context: MachineContext,
  requestId: ControlRequestId,
  request: McpControlRequest,
) {
  const { mcp, client } = context.state;
  const refuse = (text: string) => emitControlError(context, requestId, text);
  switch (request.subtype) {
    case 'mcp_status':
      return emitControlSuccess(context, requestId, { mcpServers: statusRows(context) });
    case 'mcp_message':
      // The endpoint answers requests only (no stream to the agent): nothing can carry it there.
      context.log.info('a message of an in-process MCP server cannot reach the agent; dropped', {
        server: request.server_name,
      });
      return emitControlSuccess(context, requestId, {});
    case 'mcp_toggle':
    case 'mcp_reconnect': {
      const { serverName } = request;
      if (!(serverName in client.mcpServers || mcp.sdkServers.has(serverName)))
        return refuse(`No MCP server named '${serverName}' in this session.`);
      const change = () => {
        if (request.subtype === 'mcp_toggle' && request.enabled === false)
          mcp.disabled.add(serverName);
        else mcp.disabled.delete(serverName);
        const sdk = mcp.sdkServers.get(serverName);
        if (sdk !== undefined) Object.assign(sdk, { status: 'pending', listed: false });
      };
      return reopen(context, requestId, change, () => undefined);
    }
    case 'mcp_set_servers': {
      const names = () => new Set([...Object.keys(client.mcpServers), ...mcp.sdkServers.keys()]);
      const before = names();
      const change = () => setServers(context, request.servers);
      return reopen(context, requestId, change, () => {
        const after = names();
        const failed = mcpStatusesOf(context).filter(
          (row) => row.status === 'failed' && !before.has(row.name),
        );
        return {
          added: [...after].filter((name) => !before.has(name)),
          removed: [...before].filter((name) => !after.has(name)),
          errors: Object.fromEntries(failed.map((row) => [row.name, row.error ?? ''])),
        };
      });
    }
  }
}

/** `mcp_status` rows: the `system/init` statuses, with what the in-process servers told. */
function statusRows(context: MachineContext) {
  const { sdkServers } = context.state.mcp;
  return mcpStatusesOf(context).map((row) => {
    const server = row.source === 'sdk' ? sdkServers.get(row.name) : undefined;
    if (server === undefined) return { ...row };
    const serverInfo = server.initializeResult?.serverInfo;
    const tools = toolNamesOf(server).map((name) => ({ name }));
    return { ...row, ...(serverInfo === undefined ? {} : { serverInfo }), tools };
  });
}

/**
 * MCP-07: the client's new dynamic set. In-process servers are replaced as a whole; a configured
 * server stays unless this call or an earlier one named it (the Agent SDK's semantics).
 */
function setServers(
  context: MachineContext,
  servers: Extract<McpControlRequest, { subtype: 'mcp_set_servers' }>['servers'],
): void {
  const { mcp, client } = context.state;
  const configured: Record<string, McpServerConfig> = {};
  const inProcess = new Map<string, SdkServer>();
  for (const [name, config] of Object.entries(servers)) {
    // An `sdk` entry is an in-process server: a `timeout` of the wrong type is not one.
    if (config.type === 'sdk')
      inProcess.set(
        name,
        mcp.sdkServers.get(name) ??
          newSdkServer(undefined, sdkMcpServerConfigSchema.safeParse(config).data),
      );
    else configured[name] = config as McpServerConfig;
  }
  const kept = Object.entries(client.mcpServers).filter(([name]) => !mcp.named.has(name));
  for (const name of Object.keys(configured)) mcp.named.add(name);
  client.mcpServers = { ...Object.fromEntries(kept), ...configured };
  mcp.sdkServers.clear();
  for (const [name, server] of inProcess) mcp.sdkServers.set(name, server);
}

/**
 * MCP-06: `change`s the server set and reopens the session with it; `answer` gives the success
 * response. The set changes between turns only, on an agent that can reopen a session; prompts
 * wait until it is done. A failure restores the set and says why.
 */
function reopen(
  context: MachineContext,
  requestId: ControlRequestId | undefined,
  change: () => void,
  answer: () => Parameters<typeof emitControlSuccess>[2],
) {
  const { state } = context;
  const { phase, mcp, client } = state;
  const servers = client.mcpServers;
  const sdk = new Map([...mcp.sdkServers].map(([name, server]) => [name, { ...server }]));
  const disabled = new Set(mcp.disabled);
  const refuse = (text: string) => {
    client.mcpServers = servers;
    mcp.sdkServers.clear();
    for (const [name, server] of sdk) mcp.sdkServers.set(name, server);
    mcp.disabled.clear();
    for (const name of disabled) mcp.disabled.add(name);
    emitControlError(context, requestId, text);
  };
  change();
  if (phase.name !== 'ready') return refuse('No session is open.');
  const { can } = phase.agent;
  if (!can.resumeSession && !can.loadSession)
    return refuse(
      'The agent cannot reopen its session (it offers neither session/resume nor session/load), so its MCP servers cannot change during a session.',
    );
  if (state.turn !== undefined || mcp.reopening !== undefined)
    return refuse('MCP servers can change between turns only: a turn is running.');
  const { continuations } = context;
  const reopening: NonNullable<McpState['reopening']> = { done: continuations.key('mcp-reopen') };
  mcp.reopening = reopening;
  const release = () => {
    mcp.reopening = undefined;
    continuations.resume(reopening.done, undefined);
  };
  openMcpEndpoint(context, (endpoint) => {
    const agent = withServerSet(context, phase.agent, endpoint);
    const method = can.resumeSession ? 'session/resume' : 'session/load';
    const params = { ...sessionParams(context, agent), sessionId: phase.session.id };
    context.rpc.request(method, params, (outcome) => {
      if (state.phase !== phase) return release();
      if (!outcome.ok) {
        refuse(`${method} with the new MCP servers failed: ${formatRpcError(outcome.error)}`);
        return release();
      }
      state.phase = { ...phase, agent };
      const finish = () => {
        emitControlSuccess(context, requestId, answer());
        release();
      };
      const settleMs = method === 'session/load' ? (context.quirks.loadReplaySettleMs ?? 0) : 0;
      if (settleMs === 0) return finish();
      // A load replays the conversation, some of it after its answer (S-06): wait for quiet.
      reopening.quiet = continuations.once('mcp-reopen-replay', finish);
      context.emit({ type: 'start-timer', timerId: settleTimerId, delayMs: settleMs });
    });
  });
}

/** A timer of this file's or of the ready gate's fired; false when it is neither. */
export function onMcpTimer(context: MachineContext, timerId: string): boolean {
  if (timerId !== settleTimerId) return onListingTimer(context, timerId);
  const quiet = context.state.mcp.reopening?.quiet;
  if (quiet !== undefined) context.continuations.resume(quiet, undefined);
  return true;
}
