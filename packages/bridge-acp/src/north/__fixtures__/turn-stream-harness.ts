import type { Line } from '../../__fixtures__/bridge-harness.js';
import { wire } from '../../__fixtures__/wire.js';
import { createTurnStream } from '../turn-stream.js';

/** A turn stream whose lines are serialised and parsed back, as the client would read them. */
export function harness(
  includePartialMessages: boolean,
  usage: Record<string, number> = {},
  outputTokens = 0,
) {
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
      outputTokens,
    }),
  });
  return { stream, lines };
}

/** A compact label per line: `message_start`, `text_delta:Hel`, `assistant:text:Hello`, ... */
export function labels(lines: readonly Line[]): string[] {
  return lines.map((line) => {
    if (line.type === 'stream_event') {
      const event = line.event;
      switch (event.type) {
        case 'content_block_start':
          return `start:${event.index}:${event.content_block.type}`;
        case 'content_block_delta': {
          const delta = event.delta;
          const value = delta.text ?? delta.thinking ?? delta.partial_json;
          return `${delta.type}:${event.index}:${value}`;
        }
        case 'content_block_stop':
          return `stop:${event.index}`;
        case 'message_delta':
          return `message_delta:${event.delta.stop_reason}`;
        default:
          return event.type;
      }
    }
    if (line.type === 'assistant') {
      const block = line.message.content[0];
      const value = block.text ?? block.thinking ?? block.name;
      return `assistant:${block.type}:${value}${line.aborted ? ':aborted' : ''}`;
    }
    return `${line.type}`;
  });
}
