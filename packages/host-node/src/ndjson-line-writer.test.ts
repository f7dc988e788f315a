import type { KnownServerMessage } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { nextTick, recordingOutput } from './__fixtures__/recording-output.js';
import { createLineWriter } from './ndjson.js';

/** A result message carrying `text` (any message shape is written the same way). */
const resultWith = (text: string) =>
  ({
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: text,
    session_id: 's-1',
    uuid: 'u-1',
  }) as unknown as KnownServerMessage;

describe('createLineWriter', () => {
  it('writes the lines of one tick with one write(), in order', async () => {
    const { output, writes, release } = recordingOutput(1024 * 1024);
    const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    writer.writeLine('{"n":1}');
    writer.writeLine('{"n":2}');
    expect(writes).toEqual([]);
    await nextTick();
    release();
    writer.writeLine('{"n":3}');
    writer.flush();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('serialises each message once, into the same batch as the raw lines, in order', async () => {
    const { output, writes } = recordingOutput(1024 * 1024);
    const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    writer.write({ type: 'keep_alive' } as KnownServerMessage);
    writer.writeLine('{"raw":true}');
    await nextTick();
    expect(
      writes.map((text) =>
        text
          .split('\n')
          .slice(0, -1)
          .map((line) => JSON.parse(line)),
      ),
    ).toEqual([[{ type: 'keep_alive' }, { raw: true }]]);
  });

  it('reports congestion once and the drain after it', async () => {
    const { output, release } = recordingOutput(4);
    const calls: string[] = [];
    const writer = createLineWriter({
      output,
      onCongested: () => calls.push('congested'),
      onDrained: () => calls.push('drained'),
    });
    writer.writeLine('{"n":1}');
    writer.flush();
    writer.writeLine('{"n":2}');
    writer.flush();
    expect(calls).toEqual(['congested']);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['congested', 'drained']);
  });

  it('never reorders, loses or merges lines, whatever the batch limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme' }).map((text) => text.replace(/\n/g, '')),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 64 }),
        (lines, maxBatchBytes) => {
          const { output, writes, release } = recordingOutput(1024 * 1024);
          const writer = createLineWriter({
            output,
            onCongested: () => {},
            onDrained: () => {},
            maxBatchBytes,
          });
          for (const line of lines) writer.writeLine(line);
          writer.flush();
          release();
          expect(writes.join('')).toBe(lines.map((line) => `${line}\n`).join(''));
          // A batch stays within the limit; only a line too long for any batch is written alone.
          for (const write of writes)
            if (write !== '\n' && !lines.includes(write))
              expect(Buffer.byteLength(write)).toBeLessThanOrEqual(maxBatchBytes);
        },
      ),
    );
  });

  it('drops what is queued and every later line once discarded', async () => {
    const { output, writes } = recordingOutput(1024);
    const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    writer.writeLine('{"n":1}');
    writer.discard();
    writer.writeLine('{"n":2}');
    await nextTick();
    writer.flush();
    expect(writes).toEqual([]);
  });
});

describe('createLineWriter, congestion and long messages', () => {
  it('X-14 writes a message with a long string in parts, the line equal to JSON.stringify', async () => {
    const { output, writes, release } = recordingOutput(1024 * 1024);
    const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    const message = resultWith(`é "quoted"\n${'long text 🎉 '.repeat(120_000)}`);
    writer.write(message);
    writer.write({ type: 'keep_alive' } as KnownServerMessage);
    for (let index = 0; index < 100 && writes.join('').split('\n').length < 3; index += 1) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(Math.max(...writes.map((write) => write.length))).toBeLessThan(200_000);
    const lines = writes.join('').split('\n');
    expect(lines[0]).toBe(JSON.stringify(message));
    expect(JSON.parse(lines[1] as string)).toEqual({ type: 'keep_alive' });
  });

  it('FT-08/X-14 masks every line, and a long string whole before it is cut into parts', async () => {
    const { output, writes, release } = recordingOutput(1024 * 1024);
    const mask = (text: string) => text.replaceAll('sk-planted-secret', '***');
    const writer = createLineWriter({ output, mask, onCongested: () => {}, onDrained: () => {} });
    // The secret straddles the cut between the first two parts of 32 Ki characters.
    const text = `${'x'.repeat(32 * 1024 - 5)}sk-planted-secret${'y'.repeat(1024 * 1024)}`;
    writer.write(resultWith(text));
    writer.writeLine('{"key":"sk-planted-secret"}');
    for (let index = 0; index < 100 && writes.join('').split('\n').length < 3; index += 1) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const all = writes.join('');
    expect(all).not.toContain('sk-planted');
    expect(all.split('\n').slice(0, 2)).toEqual([
      JSON.stringify(resultWith(mask(text))),
      '{"key":"***"}',
    ]);
  });

  it('X-13 keeps messages unserialised while congested, in order, and flush() writes them all', async () => {
    const { output, writes, release } = recordingOutput(4);
    const calls: string[] = [];
    const writer = createLineWriter({
      output,
      onCongested: () => calls.push('congested'),
      onDrained: () => calls.push('drained'),
    });
    writer.writeLine('{"n":1}');
    writer.flush();
    expect(calls).toEqual(['congested']);
    const waiting = { type: 'keep_alive' } as KnownServerMessage;
    const stringify = vi.spyOn(JSON, 'stringify');
    writer.write(waiting);
    writer.writeLine('{"n":3}');
    await nextTick();
    expect(stringify.mock.calls.some(([value]) => value === waiting)).toBe(false);
    stringify.mockRestore();
    writer.flush();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.join('')).toBe('{"n":1}\n{"type":"keep_alive"}\n{"n":3}\n');
    expect(calls).toEqual(['congested', 'drained']);
  });
});
