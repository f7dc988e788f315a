// MCP-01: the stdio MCP relay an agent without HTTP MCP starts (`node mcp-relay.mjs <url>`, the
// bearer token in the environment): MCP on its stdio, relayed to the session's local endpoint.
import { mcpRelayTokenVariable } from '@agentbridge/host-node';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const endpoint = new URL(process.argv[2] ?? '');
const authorization = `Bearer ${process.env[mcpRelayTokenVariable] ?? ''}`;
const remote = new StreamableHTTPClientTransport(endpoint, {
  requestInit: { headers: { authorization } },
});
const local = new StdioServerTransport();
local.onmessage = (message) => {
  remote.send(message).catch((error: unknown) => {
    // A request must be answered even when agentbridge is gone.
    if ('method' in message && 'id' in message)
      void local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32000, message: `agentbridge's MCP endpoint is unreachable: ${error}` },
      });
  });
};
remote.onmessage = (message) => void local.send(message);
process.stdin.on('end', () => process.exit(0));
await remote.start();
await local.start();
