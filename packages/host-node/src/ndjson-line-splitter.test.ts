import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './ndjson.js';

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
