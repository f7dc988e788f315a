import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeClientMessage } from './serialize-client-message.js';

const delta = (text: string, kind: 'text' | 'thinking' = 'text', index = 0) => ({
  type: 'stream_event',
  event: {
    type: 'content_block_delta',
    index,
    delta:
      kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text },
  },
  session_id: 'sess-1',
  parent_tool_use_id: null,
  uuid: '9f62e012-0000-4000-8000-000000000001',
});

describe('serializeClientMessage', () => {
  it('ST-01 the hand-written delta path is byte-identical to JSON.stringify for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('text' as const, 'thinking' as const),
        fc.nat(50),
        (text, kind, index) => {
          const message = delta(text, kind, index);
          expect(serializeClientMessage(message)).toBe(JSON.stringify(message));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('other lines, and deltas of another shape, go through JSON.stringify unchanged', () => {
    const odd = { ...delta('x'), extra: 1 };
    const inputJson = {
      ...delta('x'),
      event: {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{}' },
      },
    };
    for (const message of [
      odd,
      inputJson,
      { type: 'result', subtype: 'success' },
      { type: 'stream_event', event: null },
    ]) {
      expect(serializeClientMessage(message as Record<string, unknown>)).toBe(
        JSON.stringify(message),
      );
    }
  });
});
