import { Writable } from 'node:stream';

/** A Writable that records each write() and holds its callback until `release()`. */
export function recordingOutput(highWaterMark: number) {
  const writes: string[] = [];
  const pending: (() => void)[] = [];
  const output = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString('utf8'));
      pending.push(() => callback());
    },
  });
  const release = () => {
    // A released callback lets the stream hand over its next buffered chunk: release that too.
    for (let callback = pending.shift(); callback !== undefined; callback = pending.shift())
      callback();
  };
  return { output, writes, release };
}

export const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
