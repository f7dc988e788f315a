import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

describe('collectGarbage', () => {
  it('X-14 changes no V8 flag: without --expose-gc it does nothing and gc stays hidden', () => {
    expect(runInNewContext('typeof gc')).toBe('undefined');
    collectGarbage();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
