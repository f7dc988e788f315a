import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentError } from '../errors/agent-error.js';
import { serializeLine } from './serialize-line.js';
import type { ServerMessage } from './server-message.js';

describe('serializeLine', () => {
  it('writes one line without a trailing newline, escaping line breaks in strings', () => {
    const line = serializeLine({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'one\ntwo\r\nthree\u2028four',
      session_id: 's',
    });
    expect(line.endsWith('\n')).toBe(false);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain('\r');
    expect(JSON.parse(line)).toMatchObject({ result: 'one\ntwo\r\nthree\u2028four' });
  });

  it('keeps fields the model does not know', () => {
    const message = { type: 'keep_alive', future_field: { deep: [1, 'two'] } };
    expect(JSON.parse(serializeLine(message))).toEqual(message);
  });

  it('never produces a line break for any JSON object (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (fields, type) => {
        const line = serializeLine({ ...fields, type });
        expect(line).not.toMatch(/[\r\n]/);
        expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify({ ...fields, type })));
      }),
      { numRuns: 300 },
    );
  });

  it('throws an InternalError for a message that cannot be JSON (a programming error)', () => {
    const cyclic: Record<string, unknown> = { type: 'keep_alive' };
    cyclic.self = cyclic;
    expect(() => serializeLine(cyclic as ServerMessage)).toThrow(
      expect.objectContaining({ code: 'internal' }) as unknown as AgentError,
    );
  });
});
