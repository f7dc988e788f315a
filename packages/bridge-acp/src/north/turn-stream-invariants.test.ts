import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from '../__fixtures__/assert-known-server-line.js';
import { createTurnStream, type TurnStream } from './turn-stream.js';

// Property: any call sequence yields a well-nested stream, faithful to the real CLI's order.

// biome-ignore lint/suspicious/noExplicitAny: assertions read parsed wire lines loosely
type Line = Record<string, any>;

/** Serialises and parses a line as the client reads it; it must be a message core models, valid. */
function wire(message: Record<string, unknown>): Line {
  const parsed = JSON.parse(JSON.stringify(message));
  assertKnownServerLine(parsed);
  return parsed;
}

/** A turn stream whose lines are serialised and parsed back, as the client would read them. */
function harness(includePartialMessages: boolean, usage: Record<string, number> = {}) {
  const lines: Line[] = [];
  let counter = 0;
  const stream = createTurnStream({
    includePartialMessages,
    emit: (event) => {
      if (event.type === 'client-message') lines.push(wire(event.message));
    },
    newId: () => `id-${++counter}`,
    context: () => ({
      sessionId: 'sess-1',
      model: 'model-x',
      usage: { input_tokens: 0, output_tokens: 0, ...usage },
      outputTokens: 0,
    }),
  });
  return { stream, lines };
}

type Command =
  | { kind: 'text' | 'thinking'; chunk: string; messageId?: string }
  | { kind: 'toolUse'; id: string; name: string; input: Record<string, unknown> }
  | { kind: 'endMessage'; stopReason: string | null }
  | { kind: 'abort' };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        kind: fc.constantFrom('text' as const, 'thinking' as const),
        chunk: fc.oneof(fc.constant(''), fc.string({ maxLength: 6 })),
        messageId: fc.constantFrom('m1', 'm2', 'm3'),
      },
      { requiredKeys: ['kind', 'chunk'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toolUse' as const),
      id: fc.uuid(),
      name: fc.constantFrom('Bash', 'Read', 'mcp__fs__list'),
      input: fc.dictionary(
        fc.string({ maxLength: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
      ) as fc.Arbitrary<Record<string, unknown>>,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('endMessage' as const),
      stopReason: fc.constantFrom('end_turn', 'tool_use', null),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'abort' as const }) },
);

function run(stream: TurnStream, commands: readonly Command[]): void {
  for (const command of commands) {
    switch (command.kind) {
      case 'text':
        stream.text(command.chunk, command.messageId);
        break;
      case 'thinking':
        stream.thinking(command.chunk, command.messageId);
        break;
      case 'toolUse':
        stream.toolUse({ id: command.id, name: command.name, input: command.input });
        break;
      case 'endMessage':
        stream.endMessage(command.stopReason);
        break;
      case 'abort':
        stream.abort();
        break;
    }
  }
  stream.endMessage(null);
}

/** Checks the nesting and placement rules; returns the assistant blocks in order. */
function checkStream(lines: readonly Line[]): unknown[] {
  const blocks: unknown[] = [];
  let messageId: string | undefined;
  let expectedIndex = 0;
  let openIndex: number | undefined;
  let deltas = '';
  let deltaKind: string | undefined;
  let assistantForOpen: Line | undefined;
  for (const line of lines) {
    expect(line.parent_tool_use_id).toBeNull();
    expect(line.session_id).toBe('sess-1');
    if (line.type === 'assistant') {
      expect(messageId).toBeDefined();
      expect(line.message.id).toBe(messageId);
      expect(openIndex).toBeDefined();
      expect(assistantForOpen).toBeUndefined();
      assistantForOpen = line;
      const block = line.message.content[0];
      blocks.push(block);
      if (block.type === 'text') expect(block.text).toBe(deltas);
      else if (block.type === 'thinking') expect(block.thinking).toBe(deltas);
      else expect(block.input).toEqual(JSON.parse(deltas));
      continue;
    }
    expect(line.type).toBe('stream_event');
    const event = line.event;
    switch (event.type) {
      case 'message_start':
        expect(messageId).toBeUndefined();
        messageId = event.message.id;
        expectedIndex = 0;
        break;
      case 'content_block_start':
        expect(messageId).toBeDefined();
        expect(openIndex).toBeUndefined();
        expect(event.index).toBe(expectedIndex);
        openIndex = event.index;
        expectedIndex += 1;
        deltas = '';
        deltaKind = event.content_block.type;
        assistantForOpen = undefined;
        break;
      case 'content_block_delta': {
        expect(event.index).toBe(openIndex);
        expect(assistantForOpen).toBeUndefined(); // the assistant line follows the last delta
        const delta = event.delta;
        const expectedType = {
          text: 'text_delta',
          thinking: 'thinking_delta',
          tool_use: 'input_json_delta',
        }[deltaKind ?? ''];
        expect(delta.type).toBe(expectedType);
        deltas += delta.text ?? delta.thinking ?? delta.partial_json;
        break;
      }
      case 'content_block_stop':
        expect(event.index).toBe(openIndex);
        expect(assistantForOpen).toBeDefined(); // exactly one assistant line before the stop
        openIndex = undefined;
        break;
      case 'message_delta':
        expect(messageId).toBeDefined();
        expect(openIndex).toBeUndefined();
        break;
      case 'message_stop':
        expect(messageId).toBeDefined();
        messageId = undefined;
        break;
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  }
  expect(messageId).toBeUndefined();
  expect(openIndex).toBeUndefined();
  return blocks;
}

describe('createTurnStream properties', () => {
  it('ST-01..ST-06 any call sequence yields a well-nested stream with one assistant line per block', () => {
    fc.assert(
      fc.property(fc.array(commandArbitrary, { maxLength: 40 }), (commands) => {
        const partial = harness(true);
        run(partial.stream, commands);
        const blocks = checkStream(partial.lines);

        // Without partial messages: exactly the same assistant blocks, and nothing else.
        const plain = harness(false);
        run(plain.stream, commands);
        expect(plain.lines.every((line) => line.type === 'assistant')).toBe(true);
        expect(plain.lines.map((line) => line.message.content[0])).toEqual(blocks);

        // No text is lost: the text blocks hold every text chunk, in order.
        const sentText = commands
          .map((command) => (command.kind === 'text' ? command.chunk : ''))
          .join('');
        const shownText = blocks
          .map((block) => ((block as Line).type === 'text' ? (block as Line).text : ''))
          .join('');
        expect(shownText).toBe(sentText);
        expect(partial.stream.hasOpenMessage()).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
