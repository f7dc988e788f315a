import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInbound } from '../machine/agent-intake.js';
import { parseSessionNotification, readChunk, toolFrame } from './session-update-schemas.js';

/** Values an agent may put where a field is expected: right, wrong and missing types. */
const odd = fc.oneof(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), fc.constant(null));
const chunkParams = fc.record(
  {
    sessionId: fc.oneof(fc.constant('s-1'), odd),
    _meta: fc.oneof(fc.constant({ totalTokens: 5 }), odd),
    update: fc.oneof(
      fc.record(
        {
          sessionUpdate: fc.constantFrom(
            'agent_message_chunk',
            'agent_thought_chunk',
            'user_message_chunk',
            'tool_call',
          ),
          content: fc.oneof(
            fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), odd) }),
            fc.record({ type: fc.constantFrom('image', 'resource_link'), uri: fc.string() }),
            odd,
          ),
          messageId: fc.oneof(fc.string({ maxLength: 4 }), odd),
          _meta: fc.oneof(fc.constant({ usage: { outputTokens: 2 } }), odd),
          extra: odd,
        },
        { requiredKeys: ['sessionUpdate'] },
      ),
      odd,
    ),
  },
  { requiredKeys: [] },
);

/** A chunk without `_meta` (what the fast path takes), its fields right or odd. */
const plainChunk = fc.record(
  {
    sessionId: fc.oneof(fc.constant('s-1'), odd),
    update: fc.record(
      {
        sessionUpdate: fc.constantFrom('agent_message_chunk', 'agent_thought_chunk'),
        content: fc.oneof(fc.record({ type: fc.constant('text'), text: fc.string() }), odd),
        messageId: fc.oneof(fc.string({ maxLength: 4 }), odd),
        extra: odd,
      },
      { requiredKeys: ['sessionUpdate'] },
    ),
  },
  { requiredKeys: ['update'] },
);

describe('agent messages at the edge', () => {
  it('A-10 ST-01 the chunk fast path reads exactly what the schema path reads (property)', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(chunkParams, plainChunk), (params) => {
        const fast = readChunk(params);
        if (fast === undefined) return;
        taken += 1;
        expect(fast).toEqual(parseSessionNotification(params));
      }),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(500);
    const plain = {
      sessionId: 's-1',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } },
    };
    expect(readChunk(plain)).toEqual({
      sessionId: 's-1',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } },
    });
  });

  it('A-10 N-02 any JSON parses without a throw; an update of another kind keeps its name', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (params, line) => {
        parseSessionNotification(params);
        toolFrame.safeParse(params);
        parseInbound(JSON.stringify(line));
      }),
    );
    expect(
      parseSessionNotification({ sessionId: 's', update: { sessionUpdate: 'vendor_thing', x: 1 } }),
    ).toEqual({ sessionId: 's', update: { sessionUpdate: '(unmodelled)', kind: 'vendor_thing' } });
  });

  it('A-10 T-01 a tool frame keeps unknown keys and reads a wrong-typed field as absent', () => {
    const frame = toolFrame.parse({
      toolCallId: 't1',
      title: 7,
      kind: 'odd_vendor_kind',
      rawInput: 'not an object',
      vendor: { a: 1 },
      _meta: { claudeCode: { toolName: 'Bash' }, terminal_exit: { exit_code: '0' } },
    });
    expect(frame).toMatchObject({ toolCallId: 't1', kind: 'odd_vendor_kind', vendor: { a: 1 } });
    expect('title' in frame && frame.title === undefined).toBe(true);
    expect(frame.rawInput).toBeUndefined();
    expect(frame._meta?.claudeCode?.toolName).toBe('Bash');
    expect(frame._meta?.terminal_exit?.exit_code).toBeUndefined();
  });
});
