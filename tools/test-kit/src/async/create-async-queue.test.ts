import { describe, expect, it } from 'vitest';
import { createAsyncQueue } from './create-async-queue.js';

describe('createAsyncQueue', () => {
  it('delivers items in order, waits for late ones, and ends after the queued ones', async () => {
    const queue = createAsyncQueue<number>();
    queue.push(1);
    const seen: number[] = [];
    const consumer = (async () => {
      for await (const item of queue) seen.push(item);
    })();
    await Promise.resolve();
    queue.push(2);
    queue.push(3);
    queue.end();
    await consumer;
    expect(seen).toEqual([1, 2, 3]);
  });

  it('an ended empty queue finishes at once', async () => {
    const queue = createAsyncQueue<string>();
    queue.end();
    const seen: string[] = [];
    for await (const item of queue) seen.push(item);
    expect(seen).toEqual([]);
  });
});
