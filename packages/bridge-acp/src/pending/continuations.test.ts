import { describe, expect, it } from 'vitest';
import { assertDataOnly, functionPaths } from '../__fixtures__/inspected-bridge.js';
import { createContinuations } from './continuations.js';

describe('continuations', () => {
  it('A-11 resume calls every waiter of a key once, in order; a later resume finds nothing', () => {
    const continuations = createContinuations();
    const seen: string[] = [];
    const key = continuations.once<number>('k', (value) => seen.push(`a${value}`));
    continuations.wait(key, (value) => seen.push(`b${value}`));
    expect(continuations.resume(key, 1)).toBe(true);
    expect(continuations.resume(key, 2)).toBe(false);
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('A-11 keys are fresh strings; a dropped key resumes nothing; a waiter may wait anew', () => {
    const continuations = createContinuations();
    const seen: number[] = [];
    const first = continuations.key<number>('k');
    const second = continuations.key<number>('k');
    expect(typeof first).toBe('string');
    expect(first).not.toBe(second);
    continuations.wait(first, (value) => seen.push(value));
    continuations.drop(first);
    expect(continuations.resume(first, 1)).toBe(false);
    const again = (value: number) => {
      seen.push(value);
      if (value === 2) continuations.wait(second, again);
    };
    continuations.wait(second, again);
    continuations.resume(second, 2);
    continuations.resume(second, 3);
    expect(seen).toEqual([2, 3]);
  });

  it('A-11 the state check finds a function anywhere: objects, arrays, Maps and Sets', () => {
    const state = {
      turn: { tools: new Map([['c1', { waiting: [() => 0] }]]) },
      set: new Set([{ go: () => 0 }]),
      data: { text: 'x', when: new Map([['k', 1]]) },
    };
    expect(functionPaths(state)).toEqual(['state.turn.tools[c1].waiting.0', 'state.set{0}.go']);
    expect(() => assertDataOnly(state)).toThrow(/state\.turn\.tools\[c1\]\.waiting\.0/);
    expect(() => assertDataOnly(state.data)).not.toThrow();
  });
});
