import type { KnownServerMessage } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { recordingOutput } from './__fixtures__/recording-output.js';
import { createLineWriter } from './ndjson.js';
import { serializeInParts } from './serialize-in-parts.js';

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

  it('X-18 writes exactly the bytes of JSON.stringify for any delta, short or long, any key order (property)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', minLength: 250, maxLength: 600 }),
    );
    const keys = ['type', 'event', 'session_id', 'parent_tool_use_id', 'uuid'] as const;
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('text_delta', 'thinking_delta'),
        fc.oneof(fc.constant(null), fc.string()),
        fc.shuffledSubarray([...keys], { minLength: 5, maxLength: 5 }),
        fc.boolean(),
        (value, kind, parent, order, deltaTypeLast) => {
          const field = kind === 'text_delta' ? 'text' : 'thinking';
          const delta = deltaTypeLast
            ? { [field]: value, type: kind }
            : { type: kind, [field]: value };
          const fields: Record<string, unknown> = {
            type: 'stream_event',
            event: { type: 'content_block_delta', index: 3, delta },
            session_id: 's-1',
            parent_tool_use_id: parent,
            uuid: 'u-1',
          };
          const message = Object.fromEntries(order.map((key) => [key, fields[key]]));
          const typed = message as unknown as KnownServerMessage;
          expect(writtenLine(typed)).toBe(JSON.stringify(message));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('X-18 a long and a short delta from the same builder share one key order', () => {
    const line = (text: string) =>
      writtenLine({
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
        session_id: 's-1',
        parent_tool_use_id: null,
        uuid: 'u-1',
      } as KnownServerMessage);
    const keysOf = (text: string) => Object.keys(JSON.parse(line(text)));
    expect(keysOf('x'.repeat(300))).toEqual(keysOf('x'));
    expect(line('x')).toBe(
      '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}},"session_id":"s-1","parent_tool_use_id":null,"uuid":"u-1"}',
    );
  });

  it('X-13 encodes a text delta by hand, the text of JSON.stringify, without stringifying it', () => {
    for (const text of ['hé "x"\n', 'plain', '🎉 \u0001', '']) {
      const message = {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 12, delta: { type: 'text_delta', text } },
        session_id: 's-1',
        parent_tool_use_id: null,
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
