import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from './assert-known-server-line.js';

describe('assertKnownServerLine', () => {
  it('accepts a modelled line', () => {
    expect(() => assertKnownServerLine({ type: 'keep_alive' })).not.toThrow();
  });

  it('rejects an unknown type, an unknown subtype and a malformed known line', () => {
    expect(() => assertKnownServerLine({ type: 'assistnat' })).toThrow(/unknown type/);
    expect(() => assertKnownServerLine({ type: 'system', subtype: 'nit' })).toThrow(
      /unknown type or subtype/,
    );
    expect(() => assertKnownServerLine({ type: 'result', subtype: 'success' })).toThrow(
      /invalid client line/,
    );
  });
});
