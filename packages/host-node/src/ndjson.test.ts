import { Writable } from 'node:stream';
import type { KnownServerMessage } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createLineSplitter, createLineWriter } from './ndjson.js';
import { serializeInParts } from './serialize-in-parts.js';

function collect(maxLineBytes?: number) {
  const lines: string[] = [];
  const tooLong: number[] = [];
  const splitter = createLineSplitter({
    onLine: (line) => lines.push(line),
    onLineTooLong: (length) => tooLong.push(length),
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
  });
  return { splitter, lines, tooLong };
}

function splitAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let previous = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(previous, point));
    previous = point;
  }
  return chunks;
}

describe('createLineSplitter', () => {
  it('decodes a multi-byte UTF-8 character split across chunks', () => {
    const { splitter, lines } = collect();
    const bytes = Buffer.from('{"text":"日本語 🎉"}\n', 'utf8');
    for (const byte of bytes) splitter.push(Uint8Array.of(byte));
    expect(lines).toEqual(['{"text":"日本語 🎉"}']);
  });

  it('strips a trailing carriage return and delivers a last line without newline at end', () => {
    const { splitter, lines } = collect();
    splitter.push(Buffer.from('{"a":1}\r\n{"b":2}'));
    expect(lines).toEqual(['{"a":1}']);
    splitter.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('yields the same lines however the bytes are chunked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme' }).map((text) => text.replace(/[\r\n]/g, '')),
          {
            maxLength: 20,
          },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (texts, cuts) => {
          const { splitter, lines } = collect();
          const bytes = Buffer.from(texts.map((text) => `${text}\n`).join(''), 'utf8');
          for (const chunk of splitAt(bytes, cuts)) splitter.push(chunk);
          splitter.end();
          expect(lines).toEqual(texts);
        },
      ),
    );
  });

  it('drops exactly the lines over the limit, however the bytes are chunked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => text.replace(/[\r\n]/g, '')),
          { maxLength: 20 },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 24 }),
        (texts, cuts, maxLineBytes) => {
          const { splitter, lines, tooLong } = collect(maxLineBytes);
          const bytes = Buffer.from(texts.map((text) => `${text}\n`).join(''), 'utf8');
          for (const chunk of splitAt(bytes, cuts)) {
            splitter.push(chunk);
            expect(splitter.bufferedBytes).toBeLessThanOrEqual(maxLineBytes);
          }
          splitter.end();
          const fits = (text: string) => Buffer.byteLength(text) <= maxLineBytes;
          expect(lines).toEqual(texts.filter(fits));
          expect(tooLong).toEqual(
            texts.filter((text) => !fits(text)).map((text) => Buffer.byteLength(text)),
          );
        },
      ),
    );
  });

  it('rejects an over-long line, keeps the lines around it, and never holds more than the limit', () => {
    const { splitter, lines, tooLong } = collect(16);
    splitter.push(Buffer.from('{"a":1}\n{"long":"'));
    for (let index = 0; index < 10; index += 1) {
      splitter.push(Buffer.from('xxxxxxxxxx'));
      expect(splitter.bufferedBytes).toBeLessThanOrEqual(16);
    }
    splitter.push(Buffer.from('"}\n{"b":2}\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    expect(tooLong).toEqual([111]);
  });

  it('rejects an over-long line contained in one chunk', () => {
    const { splitter, lines, tooLong } = collect(4);
    splitter.push(Buffer.from('1234\n12345\n123\n'));
    expect(lines).toEqual(['1234', '123']);
    expect(tooLong).toEqual([5]);
  });
});

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

describe('createLineSplitter, long lines', () => {
  it('X-14 decodes a line of many chunks as they come, multi-byte characters cut anywhere (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 7 }),
        (text, chunkBytes) => {
          const { splitter, lines } = collect();
          const line = text.replace(/[\r\n]/g, ' ').repeat(20);
          const bytes = Buffer.from(`${line}\n{"after":true}\n`);
          for (let start = 0; start < bytes.length; start += chunkBytes)
            splitter.push(bytes.subarray(start, start + chunkBytes));
          expect(lines).toEqual([line, '{"after":true}']);
          expect(splitter.bufferedBytes).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('createLineSplitter, a line of 8 MiB and more', () => {
  it('X-14 delivers it whole after freeing its pieces', () => {
    const { splitter, lines } = collect();
    const line = `{"text":"${'x'.repeat(9 * 1024 * 1024)}"}`;
    const bytes = Buffer.from(`${line}\n`);
    for (let start = 0; start < bytes.length; start += 65_536)
      splitter.push(bytes.subarray(start, start + 65_536));
    expect(lines.length).toBe(1);
    expect(lines[0] === line).toBe(true);
  });
});

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

/** A `stream_event` text or thinking delta, with optional and extra fields that defeat the fast path. */
const deltaMessage = fc
  .record(
    {
      kind: fc.constantFrom('text_delta', 'thinking_delta', 'signature_delta'),
      value: fc.string({ unit: 'binary' }),
      index: fc.oneof(fc.nat(), fc.integer(), fc.double()),
      parent: fc.oneof(fc.constant(null), fc.string({ unit: 'binary' })),
      sessionId: fc.string({ unit: 'binary' }),
      uuid: fc.option(fc.uuid(), { nil: undefined }),
      extra: fc.option(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }), {
        nil: undefined,
      }),
      estimatedTokens: fc.option(fc.nat(), { nil: undefined }),
    },
    { requiredKeys: ['kind', 'value', 'index', 'parent', 'sessionId'] },
  )
  .map((fields) => {
    const field = { text_delta: 'text', thinking_delta: 'thinking', signature_delta: 'signature' }[
      fields.kind
    ];
    const delta = {
      [field]: fields.value,
      type: fields.kind,
      ...(fields.estimatedTokens === undefined ? {} : { estimated_tokens: fields.estimatedTokens }),
    };
    const message = {
      session_id: fields.sessionId,
      event: { delta, index: fields.index, type: 'content_block_delta' },
      type: 'stream_event',
      parent_tool_use_id: fields.parent,
      ...('uuid' in fields ? { uuid: fields.uuid } : {}),
      ...fields.extra,
    };
    return message as unknown as KnownServerMessage;
  });

/** The one line the writer writes for `message`. */
function writtenLine(message: KnownServerMessage): string {
  const { output, writes } = recordingOutput(1024 * 1024);
  const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
  writer.write(message);
  writer.flush();
  const [line, rest] = writes.join('').split('\n');
  expect(rest).toBe('');
  return line as string;
}

describe('createLineWriter, deltas', () => {
  it('X-13 writes any delta message as a line that parses to what JSON.stringify gives (property)', () => {
    fc.assert(
      fc.property(deltaMessage, (message) => {
        expect(JSON.parse(writtenLine(message))).toEqual(JSON.parse(JSON.stringify(message)));
      }),
      { numRuns: 2000 },
    );
  });

  it('X-13 encodes a text delta by hand, the text of JSON.stringify, without stringifying it', () => {
    for (const text of ['hé "x"\n', 'plain', '🎉 \u0001', '']) {
      const message = {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 12, delta: { type: 'text_delta', text } },
        parent_tool_use_id: null,
        session_id: 's-1',
        uuid: 'u-1',
      } as const satisfies KnownServerMessage;
      const stringify = vi.spyOn(JSON, 'stringify');
      const line = writtenLine(message);
      expect(stringify.mock.calls.some(([value]) => value === message)).toBe(false);
      stringify.mockRestore();
      expect(line).toBe(JSON.stringify(message));
    }
  });
});

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

describe('serializeInParts', () => {
  it('X-14 gives the text of JSON.stringify, long strings cut between surrogate pairs (property)', () => {
    const long = fc.string({ unit: 'binary', minLength: 9, maxLength: 60 });
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string(),
          fc.oneof(long, fc.jsonValue(), fc.array(long, { maxLength: 3 })),
        ),
        fc.integer({ min: 2, max: 8 }),
        (fields, partLength) => {
          const message = { type: 'result', ...fields } as unknown as KnownServerMessage;
          const parts = [...serializeInParts(message, undefined, partLength)];
          expect(parts.join('')).toBe(JSON.stringify(message));
        },
      ),
      { numRuns: 500 },
    );
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
