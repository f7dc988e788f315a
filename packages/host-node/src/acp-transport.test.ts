import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUuidGenerator } from './acp-transport.js';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createUuidGenerator', () => {
  it('issues distinct version-4-shaped UUIDs, also across prefix refreshes', () => {
    const newId = createUuidGenerator();
    const ids = Array.from({ length: 0x10000 * 2 + 10 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [ids[0], ids[0xffff], ids[0x10000], ids.at(-1)]) expect(id).toMatch(uuidV4);
  });

  it('keeps the shape when the counter wraps around 48 bits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.nat({ max: 3 }), (start, skip) => {
        const node = start.toString(16).padStart(12, '0');
        const newId = createUuidGenerator(() => `0123abcd-0123-4567-89ab-${node}`);
        for (let index = 0; index < skip; index += 1) newId();
        const id = newId();
        expect(id).toMatch(uuidV4);
        expect(Number.parseInt(id.slice(24), 16)).toBe((start + skip) % 2 ** 48);
      }),
    );
  });
});
