import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBatchedLineWriter } from './batched-line-writer.js';

/** A Writable that records each write() and holds its callback until `release()`. */
function recordingOutput(highWaterMark: number) {
  const writes: string[] = [];
  const pending: (() => void)[] = [];
  const output = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString('utf8'));
      pending.push(() => callback());
    },
  });
  const release = () => {
    // A released callback lets the stream hand over its next buffered chunk: release that too.
    for (let callback = pending.shift(); callback !== undefined; callback = pending.shift())
      callback();
  };
  return { output, writes, release };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('createBatchedLineWriter', () => {
  it('writes the lines of one tick with one write(), in order', async () => {
    const { output, writes, release } = recordingOutput(1024 * 1024);
    const writer = createBatchedLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    writer.writeLine('{"n":1}');
    writer.writeLine('{"n":2}');
    expect(writes).toEqual([]);
    await nextTick();
    release();
    writer.writeLine('{"n":3}');
    writer.flush();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('reports congestion once and the drain after it', async () => {
    const { output, release } = recordingOutput(4);
    const calls: string[] = [];
    const writer = createBatchedLineWriter({
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
          fc.string().map((text) => text.replace(/\n/g, '')),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 64 }),
        (lines, maxBatchChars) => {
          const { output, writes, release } = recordingOutput(1024 * 1024);
          const writer = createBatchedLineWriter({
            output,
            onCongested: () => {},
            onDrained: () => {},
            maxBatchChars,
          });
          for (const line of lines) writer.writeLine(line);
          writer.flush();
          release();
          expect(writes.join('')).toBe(lines.map((line) => `${line}\n`).join(''));
          for (const write of writes.slice(0, -1))
            expect(write.length).toBeGreaterThanOrEqual(maxBatchChars);
        },
      ),
    );
  });

  it('drops what is queued and every later line once discarded', async () => {
    const { output, writes } = recordingOutput(1024);
    const writer = createBatchedLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
    writer.writeLine('{"n":1}');
    writer.discard();
    writer.writeLine('{"n":2}');
    await nextTick();
    writer.flush();
    expect(writes).toEqual([]);
  });
});
