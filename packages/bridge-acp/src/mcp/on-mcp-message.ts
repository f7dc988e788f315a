import type { McpEndpointMessage, McpJsonRpcMessage } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import type { MachineContext } from '../machine/bridge-state.js';
import type { ClientAnswer } from '../north/client-request-channel.js';
import { onStructuredOutputMessage } from '../structured-output/structured-output-server.js';
import { markListed } from './mcp-servers-ready-gate.js';
import { type McpReply, mcpErrorCodes, ownServerName } from './mcp-state.js';
import type { SdkServer } from './mcp-state-types.js';

/**
 * MCP-01..MCP-03: one message of the agent to a server of the session's local endpoint. The
 * bridge's own server answers itself; an in-process server of the client answers `initialize`
 * and `tools/list` from the manifests the SDK sent and `ping` at once; everything else goes to the
 * client as `mcp_message` (its id made unique in the session) and its `mcp_response` comes back.
 * A request always gets one answer: the client's, or an error when it answers malformed, fails,
 * never answers (the server's timeout) or the session ends first.
 */
export function onMcpMessage(
  context: MachineContext,
  { server, message, respond }: McpEndpointMessage,
) {
  const { method, id } = message;
  const isRequest = typeof method === 'string' && id !== undefined;
  const reply: McpReply = (body) => {
    if (isRequest) respond({ jsonrpc: '2.0', id, ...body } as McpJsonRpcMessage);
  };
  const fail = (code: number, text: string) => reply({ error: { code, message: text } });
  const { mcp, phase } = context.state;
  if (phase.name === 'closed') return fail(mcpErrorCodes.closed, 'The session is over.');
  if (server === ownServerName && mcp.structuredTool)
    return onStructuredOutputMessage(context, message, reply);
  const entry = mcp.sdkServers.get(server);
  if (entry === undefined || mcp.disabled.has(server))
    return fail(mcpErrorCodes.notFound, `No MCP server '${server}' is served in this session.`);
  if (entry.status === 'pending') entry.status = 'connected';
  const params = isRecord(message.params) ? message.params : {};
  const initialized = entry.initializeResult;
  if (method === 'initialize' && initialized !== undefined) {
    // The SDK ran the handshake already; the version is the agent's, as a server would agree it.
    const version = params.protocolVersion;
    const protocolVersion = typeof version === 'string' ? version : initialized.protocolVersion;
    return reply({ result: { ...initialized, protocolVersion } });
  }
  if (method === 'notifications/initialized' && initialized !== undefined) return;
  if (
    method === 'tools/list' &&
    entry.toolsListResult !== undefined &&
    params.cursor === undefined
  ) {
    reply({ result: entry.toolsListResult });
    return markListed(context, entry);
  }
  if (method === 'ping') return reply({ result: {} });
  forward(context, server, entry, message, isRequest ? reply : undefined);
}

/** Sends one message to the client's server; a request's answer goes to `reply`. */
function forward(
  context: MachineContext,
  server: string,
  entry: SdkServer,
  message: McpJsonRpcMessage,
  reply: McpReply | undefined,
) {
  const { mcp } = context.state;
  const params = isRecord(message.params) ? message.params : undefined;
  let outgoing = message;
  // Agents number their requests per connection: the client sees ids unique in the session.
  const key = reply === undefined ? undefined : `${server}\u0000${JSON.stringify(message.id)}`;
  if (key !== undefined) {
    mcp.nextMessageId += 1;
    mcp.forwarded.set(key, mcp.nextMessageId);
    outgoing = { ...message, id: mcp.nextMessageId };
  } else if (message.method === 'notifications/cancelled' && params !== undefined) {
    const requestId = mcp.forwarded.get(`${server}\u0000${JSON.stringify(params.requestId)}`);
    if (requestId !== undefined) outgoing = { ...message, params: { ...params, requestId } };
  }
  const request = { subtype: 'mcp_message', server_name: server, message: outgoing } as const;
  const options = { scope: 'session', timeoutMs: entry.timeoutMs, idPrefix: 'mcp' } as const;
  context.clientRequests.ask(request, options, (answer) => {
    if (key !== undefined) mcp.forwarded.delete(key);
    if (reply === undefined) return;
    const body = replyOf(answer, entry.timeoutMs);
    // A full tool list the client's server gave names its tools in `system/init` (MCP-04).
    if (message.method === 'tools/list' && 'result' in body && params?.cursor === undefined)
      entry.toolsListResult = body.result;
    reply(body);
    if (message.method === 'tools/list') markListed(context, entry);
  });
}

/** The endpoint's answer for the client's answer to a forwarded request (MCP-03). */
function replyOf(answer: ClientAnswer, timeoutMs: number): Parameters<McpReply>[0] {
  const fail = (code: number, text: string) => ({ error: { code, message: text } });
  switch (answer.outcome) {
    case 'answered': {
      const response = answer.response.mcp_response;
      const error = isRecord(response) ? response.error : undefined;
      if (isRecord(error) && typeof error.code === 'number' && typeof error.message === 'string')
        return { error: { code: error.code, message: error.message } };
      if (isRecord(response) && isRecord(response.result)) return { result: response.result };
      return fail(
        mcpErrorCodes.internal,
        'The client answered the MCP request without a JSON-RPC result or error (malformed mcp_response).',
      );
    }
    case 'error':
      return fail(mcpErrorCodes.internal, `The client failed the MCP request: ${answer.message}`);
    case 'timeout':
      return fail(mcpErrorCodes.timeout, `The client did not answer within ${timeoutMs} ms.`);
    case 'withdrawn':
      return fail(mcpErrorCodes.closed, 'The session ended before the client answered.');
  }
}
