import { Writable } from 'node:stream';
import type { KnownServerMessage } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createLineSplitter, createLineWriter, serializeMessage } from './ndjson.js';

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
          fc.string().map((text) => text.replace(/\n/g, '')),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 64 }),
        (lines, maxBatchChars) => {
          const { output, writes, release } = recordingOutput(1024 * 1024);
          const writer = createLineWriter({
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
      index: fc.oneof(fc.nat(), fc.double()),
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

describe('serializeMessage', () => {
  it('parses back to what JSON.stringify gives, for any delta message (property)', () => {
    fc.assert(
      fc.property(deltaMessage, (message) => {
        const line = serializeMessage(message);
        expect(line).not.toMatch(/[\n\r]/);
        expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(message)));
      }),
      { numRuns: 2000 },
    );
  });

  it('builds a text delta line by hand, without stringifying the whole message', () => {
    const message = {
      type: 'stream_event',
      event: {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'hé "x"\n' },
      },
      parent_tool_use_id: null,
      session_id: 's-1',
      uuid: 'u-1',
    } as const satisfies KnownServerMessage;
    const stringify = vi.spyOn(JSON, 'stringify');
    const line = serializeMessage(message);
    expect(stringify.mock.calls.some(([value]) => value === message)).toBe(false);
    expect(JSON.parse(line)).toEqual(message);
  });
});
