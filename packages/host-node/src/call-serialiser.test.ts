import { describe, expect, it } from 'vitest';
import { createCallSerialiser } from './call-serialiser.js';

describe('createCallSerialiser', () => {
  it('queues a re-entrant call until the running one returns, in order', () => {
    const trace: string[] = [];
    const serialiser = createCallSerialiser(() => {});
    const inner = (name: string) => trace.push(`run ${name}`);
    serialiser.run((name: string) => {
      trace.push(`start ${name}`);
      serialiser.run(inner, 'b');
      serialiser.run(inner, 'c');
      trace.push(`end ${name}`);
    }, 'a');
    expect(trace).toEqual(['start a', 'end a', 'run b', 'run c']);
  });

  it('reports a throwing task and still runs the queued ones', () => {
    const errors: unknown[] = [];
    const trace: string[] = [];
    const serialiser = createCallSerialiser((error) => errors.push(error));
    serialiser.run(() => {
      serialiser.run(() => trace.push('after'), undefined);
      throw new Error('boom');
    }, undefined);
    serialiser.run(() => trace.push('next'), undefined);
    expect(errors).toHaveLength(1);
    expect(trace).toEqual(['after', 'next']);
  });
});
