import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  McpEndpointOpened,
  McpEndpointRequest,
  McpJsonRpcMessage,
} from '@agentbridge/core/contracts';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeInbox } from '../host-operations.js';
import { type McpRelayCommand, mcpRelayTokenVariable } from './mcp-relay-command.js';

/** A running endpoint of one session. */
export type McpEndpointServer = {
  /** Serves `request.names` too and returns their ACP entries. */
  open(request: McpEndpointRequest, relay: (() => McpRelayCommand) | undefined): McpEndpointOpened;
  close(): Promise<void>;
};

/**
 * MCP-01: the session's local MCP endpoint: streamable HTTP on 127.0.0.1 (a random port), one
 * path per server (`/mcp/<name>`), every request carrying the session's random bearer token. The
 * official SDK's transport does the HTTP framing (stateless: one transport per request, JSON
 * answers, no stream for the server to push on); each message goes to the bridge, whose answer
 * goes back on the same request.
 */
export async function serveMcpEndpoint(inbox: BridgeInbox): Promise<McpEndpointServer> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const served = new Set<string>();
  let allowedHost = '';
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return void response.writeHead(401).end();
    const path = new URL(request.url ?? '/', 'http://endpoint').pathname;
    const name = path.startsWith('/mcp/') ? decodeURIComponent(path.slice(5)) : '';
    if (!served.has(name)) return void response.writeHead(404).end();
    if (request.method !== 'POST') return void response.writeHead(405, { allow: 'POST' }).end();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: [allowedHost],
    });
    transport.onmessage = (message) => {
      const respond = (answer: McpJsonRpcMessage) => {
        transport.send(answer as JSONRPCMessage).catch(() => undefined);
      };
      inbox.onMcpMessage({ server: name, message: message as McpJsonRpcMessage, respond });
    };
    await transport.handleRequest(request, response);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(400).end();
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  allowedHost = `127.0.0.1:${port}`;
  return {
    open({ names, http }, relay) {
      const relayCommand = http ? undefined : relay?.();
      if (!http && relayCommand === undefined)
        throw new Error('the agent takes only stdio MCP servers and this host has no relay');
      const servers = names.map((name) => {
        served.add(name);
        const url = `http://${allowedHost}/mcp/${encodeURIComponent(name)}`;
        if (relayCommand === undefined) {
          const headers = [{ name: 'Authorization', value: `Bearer ${token}` }];
          return { type: 'http' as const, name, url, headers };
        }
        const env = [{ name: mcpRelayTokenVariable, value: token }];
        return { name, command: relayCommand.command, args: [...relayCommand.args, url], env };
      });
      return { servers };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
