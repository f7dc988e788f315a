import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutputMask } from './mask-output.js';

describe('createOutputMask', () => {
  it("FT-08 masks every text written once the mask is set; events and fields stay the stream's", async () => {
    const stream = new PassThrough();
    const output = createOutputMask();
    const masked = output.wrap(stream);
    masked.write('before sk-secret\n');
    output.set((text) => text.replaceAll('sk-secret', '***'));
    masked.write('after sk-secret\n');
    let drained = false;
    masked.once('drain', () => {
      drained = true;
    });
    stream.emit('drain');
    expect(drained).toBe(true);
    expect(masked.writable).toBe(true);
    stream.end();
    expect(String(await stream.toArray().then((chunks) => Buffer.concat(chunks)))).toBe(
      'before sk-secret\nafter ***\n',
    );
  });
});
