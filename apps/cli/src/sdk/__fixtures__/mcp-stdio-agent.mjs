#!/usr/bin/env node
// A minimal ACP agent without HTTP MCP (tests only): it starts each stdio MCP server `session/new`
// names (agentbridge's relay) with the official MCP client and, for each prompt, calls one tool:
// `StructuredOutput {city: "Paris"}` of the server `agentbridge` when there is one, else
// `add {a: 2, b: 3}` of `calc`; it reports the call and answers with the tool's text.
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const clients = new Map();
const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const update = (sessionId, change) =>
  send({ method: 'session/update', params: { sessionId, update: change } });

async function connect(server) {
  const client = new Client({ name: 'mcp-stdio-agent', version: '1.0.0' });
  const env = { ...process.env, ...Object.fromEntries(server.env.map((e) => [e.name, e.value])) };
  await client.connect(
    new StdioClientTransport({ command: server.command, args: server.args, env }),
  );
  // As agents do, it lists the tools it will offer the model (agentbridge waits for this: MCP-09).
  await client.listTools();
  clients.set(server.name, client);
}

async function prompt(sessionId) {
  const [server, tool, args] = clients.has('agentbridge')
    ? ['agentbridge', 'StructuredOutput', { city: 'Paris' }]
    : ['calc', 'add', { a: 2, b: 3 }];
  const title = `mcp__${server}__${tool}`;
  update(sessionId, {
    sessionUpdate: 'tool_call',
    toolCallId: 'call-1',
    title,
    status: 'in_progress',
    rawInput: args,
  });
  const result = await clients.get(server).callTool({ name: tool, arguments: args });
  const text = result.content.map((block) => block.text).join('');
  const status = result.isError ? 'failed' : 'completed';
  const content = [{ type: 'content', content: { type: 'text', text } }];
  update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status, content });
  const answer = { type: 'text', text: `The tool said: ${text}` };
  update(sessionId, { sessionUpdate: 'agent_message_chunk', content: answer });
}

async function handle({ id, method, params }) {
  if (method === 'initialize') {
    const agentCapabilities = { loadSession: false, mcpCapabilities: { http: false, sse: false } };
    const agentInfo = { name: 'mcp-stdio-agent', version: '1.0.0' };
    return send({
      id,
      result: { protocolVersion: 1, agentCapabilities, authMethods: [], agentInfo },
    });
  }
  if (method === 'session/new') {
    for (const server of params.mcpServers) await connect(server);
    return send({ id, result: { sessionId: 'mcp-session' } });
  }
  if (method === 'session/prompt') {
    await prompt(params.sessionId);
    return send({ id, result: { stopReason: 'end_turn' } });
  }
  if (id !== undefined)
    send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    handle(JSON.parse(line)).catch((error) => process.stderr.write(`${error.stack}\n`));
  })
  .on('close', async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    process.exit(0);
  });
