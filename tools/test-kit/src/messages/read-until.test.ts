import { describe, expect, it } from 'vitest';
import { createAsyncQueue } from '../async/create-async-queue.js';
import { isResult, kindOf, readUntil } from './read-until.js';

const messages = [
  { type: 'system', subtype: 'init' },
  { type: 'stream_event', event: { type: 'content_block_delta' } },
  { type: 'assistant' },
  { type: 'result', subtype: 'success' },
  { type: 'system', subtype: 'status' },
];

describe('readUntil', () => {
  it('reads up to and including the first accepted message and leaves the rest', async () => {
    const iterator = messages[Symbol.iterator]();
    const asyncIterator: AsyncIterator<(typeof messages)[number]> = {
      next: async () => iterator.next(),
    };
    expect(await readUntil(asyncIterator, isResult)).toEqual(messages.slice(0, 4));
    expect(await readUntil(asyncIterator, isResult)).toEqual(messages.slice(4));
  });

  it('returns what was seen when the iterator ends first', async () => {
    const queue = createAsyncQueue<{ type: string }>();
    queue.push({ type: 'assistant' });
    queue.end();
    expect(await readUntil(queue[Symbol.asyncIterator](), isResult)).toEqual([
      { type: 'assistant' },
    ]);
  });
});

describe('kindOf', () => {
  it('names type, type/subtype and stream_event/<event type>', () => {
    expect(messages.map(kindOf)).toEqual([
      'system/init',
      'stream_event/content_block_delta',
      'assistant',
      'result/success',
      'system/status',
    ]);
  });
});
