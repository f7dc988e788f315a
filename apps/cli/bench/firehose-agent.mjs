#!/usr/bin/env node
// A minimal raw ACP agent for the benchmarks: plain JSON-RPC lines on stdio, no SDK, so the agent
// is never the bottleneck. It answers `initialize` and `session/new` at once and answers every
// `session/prompt` with `--chunks <n>` `agent_message_chunk` updates followed by `end_turn`.
// Other requests get -32601; notifications are ignored; stdin EOF ends the process.
//   node firehose-agent.mjs [--chunks 200000]
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { chunks: { type: 'string', default: '200000' } } });
const chunkCount = Number(values.chunks);
const batchSize = 512;

const write = (text) =>
  process.stdout.write(text)
    ? Promise.resolve()
    : new Promise((resolve) => process.stdout.once('drain', resolve));
const answer = (id, result) => write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);

async function streamPrompt(id, sessionId) {
  const prefix = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${JSON.stringify(sessionId)},"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"`;
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
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
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
});
lines.on('close', () => {
  void queue.then(() => process.exit(0));
});
