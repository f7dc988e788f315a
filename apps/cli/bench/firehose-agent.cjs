#!/usr/bin/env node
// A minimal raw ACP agent for the benchmarks: plain JSON-RPC lines on stdio, no SDK, so the agent
// is never the bottleneck. It answers `initialize` and `session/new` at once and answers every
// `session/prompt` with `--chunks <n>` `agent_message_chunk` updates followed by `end_turn`; with
// `--large-bytes <n>`, with one chunk whose line is about n bytes instead (text lines of 80
// characters: each newline is escaped in the JSON). Other requests get -32601; notifications are
// ignored; stdin EOF ends the process. CommonJS with no module loaded: it is the bench's instant
// agent, so its own start-up (in the spawn → system/init row) is as short as a Node process's.
//   node firehose-agent.cjs [--chunks 200000] [--large-bytes 30000000]
'use strict';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return Number(index === -1 ? fallback : process.argv[index + 1]);
};
const chunkCount = option('--chunks', 200000);
const largeBytes = option('--large-bytes', 0);
const batchSize = 512;

const write = (text) =>
  process.stdout.write(text)
    ? Promise.resolve()
    : new Promise((resolve) => process.stdout.once('drain', resolve));
const answer = (id, result) => write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);

async function streamPrompt(id, sessionId) {
  const prefix = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${JSON.stringify(sessionId)},"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"`;
  if (largeBytes > 0) {
    const line = `${'The agent streams one very large chunk of text. '.repeat(2).slice(0, 79)}\\n`;
    await write(`${prefix}${line.repeat(Math.ceil(largeBytes / line.length))}"}}}}\n`);
    return answer(id, { stopReason: 'end_turn' });
  }
  for (let start = 0; start < chunkCount; start += batchSize) {
    let batch = '';
    const end = Math.min(start + batchSize, chunkCount);
    for (let index = start; index < end; index += 1) batch += `${prefix}t${index} "}}}}\n`;
    await write(batch);
  }
  await answer(id, { stopReason: 'end_turn' });
}

let queue = Promise.resolve();
let sessions = 0;
const onLine = (line) => {
  if (line.trim() === '') return;
  const message = JSON.parse(line);
  if (message.id === undefined || message.method === undefined) return;
  queue = queue.then(() => {
    switch (message.method) {
      case 'initialize':
        return answer(message.id, {
          protocolVersion: 1,
          agentCapabilities: {},
          authMethods: [],
          agentInfo: { name: 'firehose-agent', version: '0.0.0' },
        });
      case 'session/new':
        sessions += 1;
        return answer(message.id, { sessionId: `firehose-${sessions}` });
      case 'session/prompt':
        return streamPrompt(message.id, message.params?.sessionId ?? 'firehose-1');
      default:
        return write(
          `${JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } })}\n`,
        );
    }
  });
};

// Lines split by hand (no node:readline): a partial line waits in `pending` for the rest.
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  const lines = (pending + text).split('\n');
  pending = lines.pop();
  for (const line of lines) onLine(line);
});
process.stdin.on('end', () => {
  if (pending !== '') onLine(pending);
  void queue.then(() => process.exit(0));
});
