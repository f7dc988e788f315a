#!/usr/bin/env node
// Throughput of the hot path in one process: ACP `agent_message_chunk` lines → the bridge →
// `stream_event` messages written by the CLI's writer (`createLineWriter`, partial messages on; the
// bytes are dropped),
// next to a baseline of `JSON.parse` + `JSON.stringify` of the same lines,
// measured in the same run. Prints both rates and their ratio.
// Usage: node bench/chunk-throughput.bench.mjs [chunks per round] [rounds]
import { randomUUID } from 'node:crypto';
import { createAcpBridge } from '@agentbridge/bridge-acp';
import { createLineWriter } from '../dist/ndjson.js';

const chunksPerRound = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 11);
const words = [
  'The ',
  'agent ',
  'streams ',
  'text ',
  'in ',
  'small ',
  'chunks, ',
  'often ',
  'one ',
  'token ',
  'each. ',
];
const lines = Array.from({ length: chunksPerRound }, (_, index) =>
  JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: 'sess-1',
      update: {
        sessionUpdate: 'agent_message_chunk',
        messageId: 'msg-1',
        content: { type: 'text', text: words[index % words.length] },
      },
    },
  }),
);

let sink = 0;
// Output that takes every write at once, as a pipe with room does (its callback: the buffer is free).
const output = {
  writableLength: 0,
  once() {},
  write(chunk, done) {
    sink += chunk.length;
    done?.();
    return true;
  },
};
const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
/** A bridge with an open session and a running turn, ready to stream. */
function readyBridge() {
  const pending = [];
  const bridge = createAcpBridge({
    launch: { cwd: '/bench', includePartialMessages: true },
    emit: (event) => {
      if (event.type === 'agent-message') pending.push(event.message);
      else if (event.type === 'client-message') writer.write(event.message);
    },
    newId: randomUUID,
  });
  const answer = (result) => {
    const request = pending.shift();
    bridge.onAgentLine(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
  };
  bridge.onClientLine(
    '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}',
  );
  answer({ protocolVersion: 1, agentCapabilities: {} });
  answer({ sessionId: 'sess-1' });
  bridge.onClientLine('{"type":"user","message":{"role":"user","content":"go"}}');
  return bridge;
}

function timeBridge() {
  const bridge = readyBridge();
  const start = process.hrtime.bigint();
  for (const line of lines) bridge.onAgentLine(line);
  writer.flush();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function timeBaseline() {
  const start = process.hrtime.bigint();
  for (const line of lines) sink += JSON.stringify(JSON.parse(line)).length;
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values) =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
// Warm up both paths so the JIT has compiled them before measuring.
for (let round = 0; round < 3; round++) {
  timeBridge();
  timeBaseline();
}
const bridgeTimes = [];
const baselineTimes = [];
const ratios = [];
// Rounds alternate the two paths, so a burst of load from other processes hits both alike; the
// reported ratio is the median of the per-round ratios.
for (let round = 0; round < rounds; round++) {
  const bridgeTime = timeBridge();
  const baselineTime = timeBaseline();
  bridgeTimes.push(bridgeTime);
  baselineTimes.push(baselineTime);
  ratios.push(baselineTime / bridgeTime);
}
const bridgeRate = chunksPerRound / (median(bridgeTimes) / 1000);
const baselineRate = chunksPerRound / (median(baselineTimes) / 1000);
const format = (rate) => `${Math.round(rate).toLocaleString('en-US')} lines/s`;
console.log(`agent_message_chunk → stream_event (bridge):  ${format(bridgeRate)}`);
console.log(`JSON.parse + JSON.stringify (baseline):       ${format(baselineRate)}`);
console.log(
  `ratio bridge / baseline: ${median(ratios).toFixed(2)} (median of ${rounds} paired rounds of ${chunksPerRound} chunks)`,
);
if (sink < 0) console.log(sink);
