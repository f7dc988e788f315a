import type { McpEndpointMessage, McpEndpointOpened } from '@agentbridge/core/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpEndpoint } from './create-mcp-endpoint.js';

/** A stand-in bridge: answers like an in-process server `calc` with one tool. */
function calcBridge(received: McpEndpointMessage[] = []) {
  return {
    onMcpMessage(message: McpEndpointMessage) {
      received.push(message);
      const { id, method, params } = message.message;
      if (id === undefined) return;
      const result =
        method === 'initialize'
          ? {
              protocolVersion: params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: message.server, version: '1.0.0' },
            }
          : method === 'tools/list'
            ? { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }
            : { content: [{ type: 'text', text: JSON.stringify(params?.arguments) }] };
      message.respond({ jsonrpc: '2.0', id, result });
    },
  };
}

const endpoints: { close?: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const endpoint of endpoints.splice(0)) await endpoint.close?.();
});

async function open(names: string[], inbox = calcBridge(), http = true) {
  const endpoint = createMcpEndpoint({
    relay: () => ({ command: '/usr/bin/node', args: ['/opt/relay.mjs'] }),
  });
  endpoints.push(endpoint);
  const opened = (await endpoint['mcp/open-endpoint']?.(
    { names, http },
    inbox,
  )) as McpEndpointOpened;
  return { endpoint, opened };
}

describe('the session’s local MCP endpoint (host)', () => {
  it('MCP-01 an MCP client with the bearer token reaches the bridge through streamable HTTP', async () => {
    const received: McpEndpointMessage[] = [];
    const { opened } = await open(['calc'], calcBridge(received));
    const [entry] = opened.servers as unknown as {
      url: string;
      headers: { name: string; value: string }[];
    }[];
    expect(entry).toMatchObject({ type: 'http', name: 'calc' });
    expect(entry?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/calc$/);
    expect(entry?.headers[0]?.value).toMatch(/^Bearer [\w-]{43}$/);
    const client = new Client({ name: 'agent', version: '1' });
    const headers = Object.fromEntries(entry?.headers.map((h) => [h.name, h.value]) ?? []);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(entry?.url ?? ''), { requestInit: { headers } }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add']);
    const called = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(called.content).toEqual([{ type: 'text', text: '{"a":2,"b":3}' }]);
    await client.close();
    expect(received.map((message) => [message.server, message.message.method])).toEqual([
      ['calc', 'initialize'],
      ['calc', 'notifications/initialized'],
      ['calc', 'tools/list'],
      ['calc', 'tools/call'],
    ]);
  });

  it('MCP-01 no token, a wrong token, an unknown server or a GET are refused', async () => {
    const { endpoint, opened } = await open(['calc']);
    const [entry] = opened.servers as unknown as { url: string; headers: { value: string }[] }[];
    const url = entry?.url ?? '';
    const authorization = entry?.headers[0]?.value ?? '';
    const post = (target: string, token?: string) =>
      fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token === undefined ? {} : { authorization: token }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    expect((await post(url)).status).toBe(401);
    expect((await post(url, `${authorization.slice(0, -1)}x`)).status).toBe(401);
    expect((await post(url.replace('/calc', '/other'), authorization)).status).toBe(404);
    expect((await fetch(url, { headers: { authorization } })).status).toBe(405);
    expect((await post(url, authorization)).status).toBe(200);
    // Later opens serve more names on the same endpoint.
    const more = (await endpoint['mcp/open-endpoint']?.(
      { names: ['second'], http: true },
      calcBridge(),
    )) as McpEndpointOpened;
    expect((more.servers[0] as unknown as { url: string }).url).toBe(
      url.replace('/calc', '/second'),
    );
  });

  it('MCP-01 an agent without HTTP MCP gets the relay, its token in the environment only', async () => {
    const { opened } = await open(['calc'], calcBridge(), false);
    const [entry] = opened.servers as unknown as {
      command: string;
      args: string[];
      env: unknown[];
    }[];
    expect(entry?.command).toBe('/usr/bin/node');
    expect(entry?.args[0]).toBe('/opt/relay.mjs');
    expect(entry?.args[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/calc$/);
    expect(entry?.env).toEqual([{ name: 'AGENTBRIDGE_MCP_TOKEN', value: expect.any(String) }]);
    const noRelay = createMcpEndpoint({});
    endpoints.push(noRelay);
    await expect(
      noRelay['mcp/open-endpoint']?.({ names: ['calc'], http: false }, calcBridge()),
    ).rejects.toThrow('the agent takes only stdio MCP servers and this host has no relay');
  });

  it('MCP-01 closing the endpoint ends a request the bridge still holds', async () => {
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const held = { onMcpMessage: () => arrived() };
    const { endpoint, opened } = await open(['calc'], held);
    const [entry] = opened.servers as unknown as { url: string; headers: { value: string }[] }[];
    const pending = fetch(entry?.url ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: entry?.headers[0]?.value ?? '',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }),
    }).then(
      () => 'answered',
      () => 'closed',
    );
    await reached;
    await endpoint.close?.();
    expect(await pending).toBe('closed');
  });
});
