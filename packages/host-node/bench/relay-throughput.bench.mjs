// Measures the host's line paths: the splitter, the line writer (text deltas serialised through the
// fast path, and raw lines), and the pass-through relay (a child floods stdout, createClaudeTransport
// relays each line to a discarding Writable through createLineWriter, as the CLI does).
// Run after `pnpm build`.
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createClaudeTransport, createLineSplitter, createLineWriter } from '../dist/index.js';

const count = Number(process.argv[2] ?? 1_000_000);
const producer = fileURLToPath(new URL('./flood-producer.mjs', import.meta.url));

/** A Writable that counts bytes and drops them. */
function discarding() {
  const sink = { bytes: 0 };
  sink.output = new Writable({
    highWaterMark: 256 * 1024,
    writev(chunks, callback) {
      for (const { chunk } of chunks) sink.bytes += chunk.length;
      callback();
    },
  });
  return sink;
}

async function relayThroughput() {
  const transport = createClaudeTransport({
    command: process.execPath,
    args: [producer, String(count), '100'],
    env: { PATH: process.env.PATH ?? '' },
  });
  const sink = discarding();
  const writer = createLineWriter({
    output: sink.output,
    onCongested: () => transport.pauseOutput(),
    onDrained: () => transport.resumeOutput(),
  });
  transport.onEvent((event) => {
    if (event.type === 'client-line') writer.writeLine(event.line);
  });
  const started = performance.now();
  await transport.start();
  const exit = await transport.closed;
  writer.flush();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `relay: ${count} lines, ${(sink.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} lines/s (exit ${exit.code})`,
  );
}

function splitterThroughput() {
  const line = `{"type":"stream_event","event":{"delta":{"text":"${'z'.repeat(50)}"}}}\n`;
  const chunk = Buffer.from(line.repeat(600));
  let lines = 0;
  const splitter = createLineSplitter({ onLine: () => (lines += 1), onLineTooLong: () => {} });
  const started = performance.now();
  for (let index = 0; index < 2000; index += 1) {
    splitter.push(chunk.subarray(0, 30_001));
    splitter.push(chunk.subarray(30_001));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `splitter: ${lines} lines in ${seconds.toFixed(2)} s = ${Math.round(lines / seconds)} lines/s`,
  );
}

/** Text deltas through `write(message)` (serialised once each), next to `JSON.stringify` + `writeLine`. */
async function writerThroughput() {
  const messages = Array.from({ length: 500_000 }, (_, index) => ({
    type: 'stream_event',
    event: {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: `chunk ${index} "é"` },
    },
    parent_tool_use_id: null,
    session_id: '8f0d3c52-3f0e-4a4e-9d55-2f1c1b1e9a10',
    uuid: '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
  }));
  for (const mode of ['write', 'stringify']) {
    const sink = discarding();
    const writer = createLineWriter({
      output: sink.output,
      onCongested: () => {},
      onDrained: () => {},
    });
    const started = performance.now();
    for (const message of messages) {
      if (mode === 'write') writer.write(message);
      else writer.writeLine(JSON.stringify(message));
    }
    writer.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `writer (${mode}): ${messages.length} text deltas in ${seconds.toFixed(2)} s = ${Math.round(messages.length / seconds)} lines/s`,
    );
  }
}

splitterThroughput();
await writerThroughput();
await relayThroughput();
