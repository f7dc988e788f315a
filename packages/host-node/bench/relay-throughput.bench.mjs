// Measures the host's line relay: a child floods stdout, ClaudeCliTransport relays each line to a
// discarding Writable through connectNodeStreams (the CLI's path). Run after `pnpm build`.
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { connectNodeStreams, createClaudeCliTransport, createLineSplitter } from '../dist/index.js';

const count = Number(process.argv[2] ?? 1_000_000);
const producer = fileURLToPath(new URL('./flood-producer.mjs', import.meta.url));

async function relayThroughput() {
  const transport = createClaudeCliTransport({
    command: process.execPath,
    args: [producer, String(count), '100'],
    env: { PATH: process.env.PATH ?? '' },
  });
  let bytes = 0;
  const output = new Writable({
    highWaterMark: 256 * 1024,
    writev(chunks, callback) {
      for (const { chunk } of chunks) bytes += chunk.length;
      callback();
    },
  });
  const started = performance.now();
  await transport.start();
  connectNodeStreams(transport, { input: new PassThrough(), output });
  const exit = await transport.closed;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `relay: ${count} lines, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} lines/s (exit ${exit.code})`,
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

splitterThroughput();
await relayThroughput();
