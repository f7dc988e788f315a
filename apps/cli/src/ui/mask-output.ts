import type { Writable } from 'node:stream';

/**
 * FT-08: the one edge every byte the CLI writes passes through. `wrap` gives a stream whose
 * `write` of text applies the current mask (everything else is the stream itself: the line writer
 * writes bytes, masked by the same redactor before it encodes them); `set` installs the mask once
 * a command knows its secrets (host-node `createRedactor`).
 */
export function createOutputMask() {
  let mask = (text: string) => text;
  const wrap = <Stream extends Writable>(stream: Stream): Stream =>
    new Proxy(stream, {
      get(target, property) {
        if (property === 'write')
          return (chunk: unknown, ...rest: never[]) =>
            target.write(typeof chunk === 'string' ? mask(chunk) : chunk, ...rest);
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const set = (next: (text: string) => string) => {
    mask = next;
  };
  return { wrap, set };
}
