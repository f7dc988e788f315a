// An ACP agent that tells which of the variables named by its arguments it was given: on each
// prompt it answers one message `agent {"NAME":true,...}` and, when the client offers terminals,
// runs node through `terminal/create` and answers `terminal {...}` with what that command saw.
// Presence only, never values (they would be masked anyway). For the agent-environment e2e (EV-*).
const names = process.argv.slice(2);
const script = `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(names)}.map((n) => [n, n in process.env]))))`;
const seen = (environment) =>
  JSON.stringify(Object.fromEntries(names.map((n) => [n, n in environment])));
const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const say = (sessionId, text) =>
  send({
    method: 'session/update',
    params: {
      sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
    },
  });
let terminals = false;
let nextId = 1;
const waiting = new Map();
const request = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    send({ id, method, params });
  });

async function prompt(message) {
  const { sessionId } = message.params;
  say(sessionId, `agent ${seen(process.env)}\n`);
  if (terminals) {
    const created = await request('terminal/create', {
      sessionId,
      command: process.execPath,
      args: ['-e', script],
    });
    const terminalId = created.result?.terminalId;
    if (terminalId === undefined)
      say(sessionId, `terminal refused ${JSON.stringify(created.error)}\n`);
    else {
      await request('terminal/wait_for_exit', { sessionId, terminalId });
      const output = await request('terminal/output', { sessionId, terminalId });
      say(sessionId, `terminal ${output.result.output.trim()}\n`);
      await request('terminal/release', { sessionId, terminalId });
    }
  }
  send({ id: message.id, result: { stopReason: 'end_turn' } });
}

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  for (let index = pending.indexOf('\n'); index !== -1; index = pending.indexOf('\n')) {
    const message = JSON.parse(pending.slice(0, index));
    pending = pending.slice(index + 1);
    if (message.method === undefined) waiting.get(message.id)?.(message);
    else if (message.method === 'initialize') {
      terminals = message.params?.clientCapabilities?.terminal === true;
      send({
        id: message.id,
        result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] },
      });
    } else if (message.method === 'session/new')
      send({ id: message.id, result: { sessionId: 'env-session' } });
    else if (message.method === 'session/prompt') void prompt(message);
    else if (message.id !== undefined) send({ id: message.id, result: {} });
  }
});
process.stdin.on('end', () => process.exit(0));
