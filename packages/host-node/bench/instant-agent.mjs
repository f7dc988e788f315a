// A minimal ACP agent for the start-up bench: answers initialize, session/new and session/prompt at once.
import { createInterface } from 'node:readline';

const reply = (id, result) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method } = JSON.parse(line);
  if (method === 'initialize')
    reply(id, { protocolVersion: 1, agentCapabilities: {}, authMethods: [] });
  else if (method === 'session/new') reply(id, { sessionId: 'bench-session' });
  else if (method === 'session/prompt') reply(id, { stopReason: 'end_turn' });
});
