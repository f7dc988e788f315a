#!/usr/bin/env node
// The benchmark's baseline, the "ideal relay": the same topology as agentbridge (client ↔ this
// process ↔ agent process) and the same work per line, with nothing else. It spawns the agent (the
// arguments after `--`) and passes the client's lines to it unchanged. Of the agent's lines it
// parses every one; each `agent_message_chunk` becomes, with `--partial`, a `stream_event` line of
// the same fields, order and sizes as agentbridge's (a fresh 36-character uuid per line, from the
// same generator; built by hand around the text), and without it is appended to the message, written as one `assistant` line of
// agentbridge's shape before the next other line; other lines pass unchanged. The lines of one
// chunk of agent output leave in one write; a full pipe pauses the agent's output until `drain`.
//   node ideal-relay.mjs [--partial] -- node firehose-agent.cjs --chunks 200000
import { spawn } from 'node:child_process';
import { createUuidGenerator } from '@agentbridge/host-node';

const separator = process.argv.indexOf('--');
const partial = process.argv.slice(2, separator).includes('--partial');
const [command, ...args] = process.argv.slice(separator + 1);
const agent = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const newId = createUuidGenerator();

process.stdin.pipe(agent.stdin);

let text = '';
let sessionId = '';
let sessionJson = '""';
/** One agent line → the client's lines (none while a message is being collected). */
function translate(line, output) {
  const message = JSON.parse(line);
  const update = message.params?.update;
  if (update?.sessionUpdate === 'agent_message_chunk') {
    if (message.params.sessionId !== sessionId) {
      sessionId = message.params.sessionId;
      sessionJson = JSON.stringify(sessionId);
    }
    if (!partial) {
      text += update.content.text;
      return;
    }
    // Built by hand around the one variable value, as agentbridge's fast path does.
    output.push(
      `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(update.content.text)}}},"parent_tool_use_id":null,"session_id":${sessionJson},"uuid":"${newId()}"}`,
    );
    return;
  }
  if (text !== '') {
    const usage = { input_tokens: 0, output_tokens: 0 };
    output.push(
      JSON.stringify({
        type: 'assistant',
        message: {
          id: `msg_${newId()}`,
          type: 'message',
          role: 'assistant',
          model: '',
          content: [{ type: 'text', text }],
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
        parent_tool_use_id: null,
        session_id: sessionId,
        uuid: newId(),
      }),
    );
    text = '';
  }
  output.push(line);
}

let rest = '';
agent.stdout.setEncoding('utf8');
agent.stdout.on('data', (chunk) => {
  const output = [];
  let start = 0;
  for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
    const line = rest === '' ? chunk.slice(start, end) : rest + chunk.slice(start, end);
    rest = '';
    if (line !== '') translate(line, output);
    start = end + 1;
  }
  rest += chunk.slice(start);
  if (output.length === 0) return;
  if (!process.stdout.write(`${output.join('\n')}\n`)) {
    agent.stdout.pause();
    process.stdout.once('drain', () => agent.stdout.resume());
  }
});
agent.on('exit', (code) => {
  process.stdout.write('', () => process.exit(code ?? 1));
});
