#!/usr/bin/env node
// A minimal MCP server on stdio (newline-delimited JSON-RPC) with one tool, `echo {text}`, for the
// differential test: the real Claude Code and claude-agent-acp both start it from an MCP config.
import { createInterface } from 'node:readline';

const tools = [
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    },
  },
];

const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

function answer(method, params) {
  switch (method) {
    case 'initialize':
      return {
        protocolVersion: params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'echo', version: '1.0.0' },
      };
    case 'tools/list':
      return { tools };
    case 'tools/call':
      return { content: [{ type: 'text', text: `echo: ${params?.arguments?.text ?? ''}` }] };
    case 'ping':
      return {};
    default:
      return undefined;
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined || message.id === null) return;
  const result = answer(message.method, message.params);
  if (result === undefined)
    send({ id: message.id, error: { code: -32601, message: `no ${message.method}` } });
  else send({ id: message.id, result });
});
