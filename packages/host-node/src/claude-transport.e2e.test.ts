import { Writable } from 'node:stream';
import type { BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createClaudeTransport } from './claude-transport.js';
import { createLineWriter } from './ndjson.js';

const transports: Transport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function createTransport(args: string[]) {
  const transport = createClaudeTransport({
    command: process.execPath,
    args: [fixturePath('line-writer.mjs'), ...args],
    env: { PATH: process.env.PATH ?? '' },
  });
  transports.push(transport);
  return transport;
}

/** Calls `listener` with the pass-through's client lines and, for agent-output, the text. */
function onLines(
  transport: Transport,
  listener: (line: string) => void,
  onOutput: (line: string) => void = () => {},
) {
  transport.onEvent((event: BridgeEvent) => {
    if (event.type === 'client-line') listener(event.line);
    else if (event.type === 'agent-output') onOutput(event.line);
  });
}

/** Tracks how far the child's reported output (`written N` on stderr) runs ahead of `consumed()`. */
function leadTracker(consumed: () => number) {
  let maxLead = 0;
  return {
    onOutput: (line: string) => {
      const match = /^written (\d+)$/.exec(line);
      if (match) maxLead = Math.max(maxLead, Number(match[1]) - consumed());
    },
    maxLead: () => maxLead,
  };
}

describe('createClaudeTransport (real child process)', () => {
  it('relays lines both ways unchanged, in order, waiting for the input to drain', async () => {
    const transport = createTransport(['echo']);
    const received: string[] = [];
    onLines(transport, (line) => received.push(line));
    let drained: () => void = () => {};
    transport.onInputDrain(() => drained());
    await transport.start();
    const sent = Array.from({ length: 500 }, (_, index) =>
      JSON.stringify({ type: 'user', message: { role: 'user', content: `héllo ${index} 🎉` } }),
    );
    for (const line of sent) {
      if (!transport.writeClientLine(line))
        await new Promise<void>((resolve) => {
          drained = resolve;
        });
    }
    transport.endClientInput();
    const exit = await transport.closed;
    expect(received).toEqual(['Welcome! Open https://example.com/login to sign in', ...sent]);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.stderrTail).toContain('stdin closed');
  });

  it('backpressure: a slow client stops the reading of the child, so memory stays bounded', async () => {
    const lineBytes = 64 * 1024;
    const totalBytes = 48 * 1024 * 1024;
    const transport = createTransport(['flood', String(lineBytes), String(totalBytes)]);
    let consumed = 0;
    let maxBuffered = 0;
    const output = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        consumed += chunk.length;
        setTimeout(callback, 0);
      },
    });
    // As the CLI writes stdout: batched lines, congestion pauses the agent's output.
    const writer = createLineWriter({
      output,
      onCongested: () => transport.pauseOutput(),
      onDrained: () => transport.resumeOutput(),
    });
    const lead = leadTracker(() => consumed);
    onLines(
      transport,
      (line) => {
        writer.writeLine(line);
        maxBuffered = Math.max(maxBuffered, output.writableLength);
      },
      lead.onOutput,
    );
    await transport.start();
    await transport.closed;
    writer.flush();
    await new Promise<void>((resolve) => output.end(resolve));
    expect(consumed).toBe(totalBytes);
    // Pipe buffer + stream high-water marks + one chunk: far below the 48 MiB produced.
    expect(lead.maxLead()).toBeLessThan(4 * 1024 * 1024);
    expect(maxBuffered).toBeLessThan(1024 * 1024);
  });

  it('backpressure: a listener that pauses on every line and resumes a tick later keeps the child blocked', async () => {
    const lineBytes = 64 * 1024;
    const totalBytes = 32 * 1024 * 1024;
    const transport = createTransport(['flood', String(lineBytes), String(totalBytes)]);
    let consumed = 0;
    const lead = leadTracker(() => consumed);
    onLines(
      transport,
      (line) => {
        consumed += Buffer.byteLength(line) + 1;
        transport.pauseOutput();
        setTimeout(() => transport.resumeOutput(), 0);
      },
      lead.onOutput,
    );
    await transport.start();
    await transport.closed;
    expect(consumed).toBe(totalBytes);
    expect(lead.maxLead()).toBeLessThan(4 * 1024 * 1024);
  });

  it('X-10 output held by a paused client survives the exit and arrives, in order, on resume', async () => {
    // The child writes line 1, then (told to go) 31 more lines that fit in the pipe, and exits.
    const transport = createTransport(['paced', '32']);
    const lines: string[] = [];
    const events: BridgeEvent[] = [];
    let settled = false;
    transport.onEvent((event) => {
      events.push(event);
      if (event.type !== 'client-line') return;
      lines.push(event.line);
      if (lines.length === 1) {
        transport.pauseOutput();
        transport.writeClientLine('go');
      }
    });
    void transport.closed.then(() => {
      settled = true;
    });
    await transport.start();
    const started = events.find((event) => event.type === 'agent-started');
    const pid = started?.type === 'agent-started' ? started.pid : -1;
    expect(await eventually(() => lines.length > 0 && !isProcessAlive(pid))).toBe(true);
    // Longer than the 1.5 s drain grace: a paused client keeps the exit open.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(settled).toBe(false);
    expect(lines).toHaveLength(1);
    transport.resumeOutput();
    const exit = await transport.closed;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual(
      Array.from({ length: 32 }, (_, index) => index + 1),
    );
    expect(events.at(-1)).toEqual({ type: 'agent-exited', code: 0, signal: null });
  });

  it.skipIf(process.platform !== 'linux')(
    'X-10 closes after the exit even when a left-behind child holds the pipes, and kills that child',
    async () => {
      const transport = createTransport(['leave-child']);
      const lines: string[] = [];
      onLines(transport, (line) => lines.push(line));
      await transport.start();
      const exit = await transport.closed;
      expect(exit).toMatchObject({ code: 0, signal: null });
      const { childPid } = JSON.parse(lines[0] ?? '{}') as { childPid: number };
      expect(await eventually(() => !isProcessAlive(childPid))).toBe(true);
    },
  );
});
