import { randomUUID } from 'node:crypto';

/** Ids issued from one random prefix before a fresh one is drawn. */
const idsPerPrefix = 0x10000;
const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Version-4-shaped UUIDs for stream lines, each `stream_event` carries one: every
 * {@link idsPerPrefix} ids a random UUID is drawn, then its last 48 bits count upwards. Unique
 * within the process, unpredictable across processes, at about half `randomUUID()`'s cost (a few
 * per cent of `pnpm bench` throughput).
 */
export function createUuidGenerator(randomUuid: () => string = randomUUID): () => string {
  let prefix = '';
  let high = 0; // the last 48 bits: 16 high, 32 low
  let low = 0;
  let remaining = 0;
  return () => {
    if (remaining === 0) {
      const seed = randomUuid();
      prefix = seed.slice(0, 24);
      high = Number.parseInt(seed.slice(24, 28), 16);
      low = Number.parseInt(seed.slice(28, 36), 16);
      remaining = idsPerPrefix;
    }
    remaining -= 1;
    const id = `${prefix}${hex[high >>> 8]}${hex[high & 0xff]}${hex[low >>> 24]}${hex[(low >>> 16) & 0xff]}${hex[(low >>> 8) & 0xff]}${hex[low & 0xff]}`;
    if (low === 0xffffffff) high = (high + 1) & 0xffff;
    low = (low + 1) >>> 0;
    return id;
  };
}
