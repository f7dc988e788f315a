import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createClaudeCliTransport } from './claude-cli-transport.js';
import { connectNodeStreams } from './connect-node-streams.js';
import type { LineTransport } from './line-transport.js';

const transports: LineTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function createTransport(args: string[]) {
  const transport = createClaudeCliTransport({
    command: process.execPath,
    args: [fixturePath('line-writer.mjs'), ...args],
    env: { PATH: process.env.PATH ?? '' },
  });
  transports.push(transport);
  return transport;
}

describe('createClaudeCliTransport (real child process)', () => {
  it('relays lines both ways unchanged through the web streams, in order', async () => {
    const transport = createTransport(['echo']);
    await transport.start();
    const sent = Array.from({ length: 500 }, (_, index) =>
      JSON.stringify({ type: 'user', message: { role: 'user', content: `héllo ${index} 🎉` } }),
    );
    const reading = (async () => {
      const received: string[] = [];
      for await (const line of transport.readable) received.push(line);
      return received;
    })();
    const writer = transport.writable.getWriter();
    for (const line of sent) await writer.write(line);
    await writer.close();
    const received = await reading;
    expect(received).toEqual(['Welcome! Open https://example.com/login to sign in', ...sent]);
    const exit = await transport.closed;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stderrTail).toContain('stdin closed');
  });

  it('backpressure: a slow client stops the reading of the child, so memory stays bounded', async () => {
    const lineBytes = 64 * 1024;
    const totalBytes = 48 * 1024 * 1024;
    const transport = createTransport(['flood', String(lineBytes), String(totalBytes)]);
    let consumed = 0;
    let maxBuffered = 0;
    let maxLead = 0;
    const output = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        consumed += chunk.length;
        setTimeout(callback, 0);
      },
    });
    const input = new PassThrough();
    transport.onEvent((event) => {
      if (event.type !== 'agent-output') return;
      const match = /^written (\d+)$/.exec(event.line);
      if (match) maxLead = Math.max(maxLead, Number(match[1]) - consumed);
    });
    await transport.start();
    connectNodeStreams(transport, { input, output });
    const originalWrite = output.write.bind(output);
    output.write = ((...args: Parameters<Writable['write']>) => {
      const accepted = originalWrite(...args);
      maxBuffered = Math.max(maxBuffered, output.writableLength);
      return accepted;
    }) as Writable['write'];
    await transport.closed;
    await new Promise<void>((resolve) => output.end(resolve));
    expect(consumed).toBe(totalBytes);
    // Pipe buffer + stream high-water marks + one chunk: far below the 48 MiB produced.
    expect(maxLead).toBeLessThan(4 * 1024 * 1024);
    expect(maxBuffered).toBeLessThan(1024 * 1024);
  });

  it('backpressure through the web-stream readable: a slow reader keeps the child blocked', async () => {
    const lineBytes = 64 * 1024;
    const totalBytes = 32 * 1024 * 1024;
    const transport = createTransport(['flood', String(lineBytes), String(totalBytes)]);
    let consumed = 0;
    let maxLead = 0;
    transport.onEvent((event) => {
      if (event.type !== 'agent-output') return;
      const match = /^written (\d+)$/.exec(event.line);
      if (match) maxLead = Math.max(maxLead, Number(match[1]) - consumed);
    });
    await transport.start();
    for await (const line of transport.readable) {
      consumed += Buffer.byteLength(line) + 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(consumed).toBe(totalBytes);
    expect(maxLead).toBeLessThan(4 * 1024 * 1024);
  });

  it.skipIf(process.platform !== 'linux')(
    'X-10 closes after the exit even when a left-behind child holds the pipes, and kills that child',
    async () => {
      const transport = createTransport(['leave-child']);
      const lines: string[] = [];
      transport.onClientLine((line) => lines.push(line));
      await transport.start();
      const exit = await transport.closed;
      expect(exit).toMatchObject({ code: 0, signal: null });
      const { childPid } = JSON.parse(lines[0] ?? '{}') as { childPid: number };
      expect(await eventually(() => !isProcessAlive(childPid))).toBe(true);
    },
  );
});
