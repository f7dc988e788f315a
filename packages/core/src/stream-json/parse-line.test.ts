import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseLineResult } from './parse-line.js';
import {
  isKnownClientMessage,
  isKnownServerMessage,
  parseClientLine,
  parseServerLine,
} from './parse-line.js';

const reasonOf = (result: ParseLineResult<unknown, unknown>): string | undefined =>
  result.ok ? undefined : result.error.reason;

const session = { session_id: 's-1' };
const assistantBody = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'm',
  content: [{ type: 'text', text: 'hi' }],
};

describe('parseClientLine', () => {
  it('rejects text that is not JSON, with the JSON error', () => {
    const result = parseClientLine('{"type":"user",');
    expect(result.ok).toBe(false);
    expect(reasonOf(result)).toMatch(/^not JSON: /);
    expect(result).toMatchObject({ error: { line: '{"type":"user",' } });
  });

  it('rejects an empty line', () => {
    expect(reasonOf(parseClientLine(''))).toMatch(/^not JSON: /);
  });

  it.each([['[]'], ['"user"'], ['42'], ['null'], ['true']])(
    'rejects %s as not an object',
    (line) => {
      expect(reasonOf(parseClientLine(line))).toBe('not an object');
    },
  );

  it('rejects an object without a string type', () => {
    expect(reasonOf(parseClientLine('{"message":{}}'))).toBe("message without 'type'");
    expect(reasonOf(parseClientLine('{"type":7}'))).toBe("message: 'type': expected string");
  });

  it("rejects a user message without 'message'", () => {
    expect(reasonOf(parseClientLine('{"type":"user","session_id":""}'))).toBe(
      "user message without 'message'",
    );
  });

  it('names the nested field that is wrong', () => {
    const line = JSON.stringify({ type: 'user', message: { role: 'assistant', content: 'x' } });
    expect(reasonOf(parseClientLine(line))).toMatch(/^user message: 'message\.role': /);
  });

  it('checks the payload of a known control request subtype', () => {
    const line = JSON.stringify({
      type: 'control_request',
      request_id: 'r1',
      request: { subtype: 'set_permission_mode' },
    });
    expect(reasonOf(parseClientLine(line))).toBe(
      "control_request/set_permission_mode message without 'request.mode'",
    );
  });

  it('rejects a control request without a subtype or an id', () => {
    expect(
      reasonOf(parseClientLine('{"type":"control_request","request_id":"r1","request":{}}')),
    ).toBe("control_request message without 'request.subtype'");
    expect(
      reasonOf(parseClientLine('{"type":"control_request","request":{"subtype":"no_such"}}')),
    ).toBe("control_request message without 'request_id'");
  });

  it('keeps an unknown type whole as an unknown message', () => {
    const message = { type: 'update_environment_variables', variables: { A: '1' } };
    const result = parseClientLine(JSON.stringify(message));
    expect(result).toEqual({ ok: true, known: false, message });
    if (result.ok) {
      expect(isKnownClientMessage(result.message)).toBe(false);
    }
  });

  it('keeps an unknown control request subtype as an unknown message with its id', () => {
    const message = {
      type: 'control_request',
      request_id: 'req_9',
      request: { subtype: 'no_such_subtype', extra: [1, 2] },
    };
    expect(parseClientLine(JSON.stringify(message))).toEqual({ ok: true, known: false, message });
  });

  it('keeps unknown fields of a known message (passthrough)', () => {
    const message = {
      type: 'user',
      session_id: '',
      parent_tool_use_id: null,
      message: { role: 'user', content: [{ type: 'text', text: 'hi', future: true }] },
      added_in_next_release: { nested: ['x'] },
    };
    const result = parseClientLine(JSON.stringify(message));
    expect(result).toEqual({ ok: true, known: true, message });
    if (result.ok) {
      expect(isKnownClientMessage(result.message)).toBe(true);
    }
  });

  it('does not accept agent-side messages as known client messages', () => {
    const line = JSON.stringify({ type: 'assistant', message: assistantBody, ...session });
    expect(parseClientLine(line)).toMatchObject({ ok: true, known: false });
  });
});

describe('parseServerLine', () => {
  it("rejects an assistant message without 'message'", () => {
    const line = JSON.stringify({ type: 'assistant', parent_tool_use_id: null, ...session });
    expect(reasonOf(parseServerLine(line))).toBe("assistant message without 'message'");
  });

  it("rejects a result without 'subtype'", () => {
    const line = JSON.stringify({ type: 'result', is_error: false, result: 'x', ...session });
    expect(reasonOf(parseServerLine(line))).toBe("result message without 'subtype'");
  });

  it('rejects a known system subtype with a bad shape', () => {
    const line = JSON.stringify({ type: 'system', subtype: 'session_state_changed', ...session });
    expect(reasonOf(parseServerLine(line))).toBe(
      "system/session_state_changed message without 'state'",
    );
  });

  it('rejects a success result without its text', () => {
    const line = JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      ...session,
    });
    expect(reasonOf(parseServerLine(line))).toBe("result/success message without 'result'");
  });

  it('rejects a malformed block inside assistant content', () => {
    const line = JSON.stringify({
      type: 'assistant',
      parent_tool_use_id: null,
      ...session,
      message: { ...assistantBody, content: [{ type: 'tool_use', id: 't1', input: {} }] },
    });
    expect(reasonOf(parseServerLine(line))).toBe(
      "assistant message without 'message.content.0.name'",
    );
  });

  it('keeps unknown system and result subtypes as unknown messages', () => {
    for (const message of [
      { type: 'system', subtype: 'brand_new_subtype', ...session, payload: { a: 1 } },
      { type: 'result', subtype: 'error_something_new', is_error: true, ...session },
      { type: 'control_request', request_id: 'r', request: { subtype: 'ui_open_panel' } },
      { type: 'control_response', response: { subtype: 'pending', request_id: 'r' } },
      { type: 'brand_new_type', anything: [null] },
    ]) {
      const result = parseServerLine(JSON.stringify(message));
      expect(result).toEqual({ ok: true, known: false, message });
      if (result.ok) {
        expect(isKnownServerMessage(result.message)).toBe(false);
      }
    }
  });

  it('keeps unknown content blocks, deltas and events inside known messages', () => {
    const messages = [
      {
        type: 'assistant',
        parent_tool_use_id: null,
        ...session,
        message: { ...assistantBody, content: [{ type: 'server_tool_use', id: 's', input: {} }] },
      },
      {
        type: 'stream_event',
        parent_tool_use_id: null,
        ...session,
        event: { type: 'content_block_delta', index: 0, delta: { type: 'future_delta', x: 1 } },
      },
      { type: 'stream_event', parent_tool_use_id: null, ...session, event: { type: 'ping' } },
    ];
    for (const message of messages) {
      expect(parseServerLine(JSON.stringify(message))).toEqual({ ok: true, known: true, message });
    }
  });
});

const randomTypes = [
  'user',
  'assistant',
  'system',
  'result',
  'stream_event',
  'control_request',
  'control_response',
  'control_cancel_request',
  'keep_alive',
  'tool_progress',
  'rate_limit_event',
  'unheard_of',
];

/** Objects shaped like messages: a likely `type`, sometimes a `subtype`, random other fields. */
const messageLikeObject = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...randomTypes), fc.string(), fc.jsonValue()),
    subtype: fc.oneof(fc.constantFrom('init', 'success', 'status', 'error'), fc.string()),
    request_id: fc.string(),
    request: fc.oneof(
      fc.record({ subtype: fc.constantFrom('initialize', 'can_use_tool', 'interrupt', 'x') }),
      fc.jsonValue(),
    ),
    message: fc.jsonValue(),
    session_id: fc.string(),
    event: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const lines = fc.oneof(
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  messageLikeObject.map((value) => JSON.stringify(value)),
);

describe('never throws (property)', () => {
  it.each([
    ['parseClientLine', parseClientLine],
    ['parseServerLine', parseServerLine],
  ] as const)('%s returns ok or an error with a reason for any line', (_name, parse) => {
    fc.assert(
      fc.property(lines, (line) => {
        const result = parse(line);
        if (result.ok) {
          expect(typeof result.known).toBe('boolean');
          expect(result.message).toEqual(JSON.parse(line));
        } else {
          expect(result.error.line).toBe(line);
          expect(result.error.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers deeply nested input with a reason', () => {
    const depth = 20_000;
    const line = `{"type":"user","message":{"role":"user","content":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    expect(reasonOf(parseClientLine(line))).toBe(
      "user message: 'message.content.0': Invalid input: expected object, received array",
    );
  });
});
