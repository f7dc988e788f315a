import { randomUUID } from 'node:crypto';

/** Ids issued from one random prefix before a fresh one is drawn. */
const idsPerPrefix = 0x10000;
const hexPairs = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hexOfUint32(value: number): string {
  return `${hexPairs[value >>> 24]}${hexPairs[(value >>> 16) & 0xff]}${hexPairs[(value >>> 8) & 0xff]}${hexPairs[value & 0xff]}`;
}

/**
 * A fast generator of RFC 4122 version-4-shaped UUIDs for stream lines (each `stream_event` carries
 * one, so a 200k-chunk turn needs 200k of them). Every {@link idsPerPrefix} ids it draws a random
 * UUID and then counts upwards in its last 48 bits: ids stay unique within the process and
 * unpredictable across processes, at a fraction of `randomUUID()`'s cost per id.
 */
export function createUuidGenerator(randomUuid: () => string = randomUUID): () => string {
  let prefix = '';
  /** The last 48 bits as a 16-bit high part and a 32-bit low part. */
  let high = 0;
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
    const id = `${prefix}${hexPairs[high >>> 8]}${hexPairs[high & 0xff]}${hexOfUint32(low)}`;
    if (low === 0xffffffff) {
      low = 0;
      high = (high + 1) & 0xffff;
    } else {
      low += 1;
    }
    return id;
  };
}
