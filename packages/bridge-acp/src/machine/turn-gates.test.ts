import { describe, expect, it } from 'vitest';
import type { MachineContext, Turn } from './bridge-state.js';
import type { Gate, GateStep } from './gate.js';
import { runGates } from './turn-gates.js';

/** Just what `runGates` reads: the running turn. */
function world() {
  const turn = { gate: undefined } as Turn;
  const context = { state: { turn } } as unknown as MachineContext;
  const done: GateStep<string, string>[] = [];
  return { turn, context, done };
}

describe('runGates', () => {
  it('F-06 passes the value through every gate in order, then runs done once', () => {
    const { turn, context, done } = world();
    const append =
      (suffix: string): Gate<string, string> =>
      (_context, _turn, value, next) =>
        next({ pass: value + suffix });
    runGates(context, turn, [append('a'), append('b')], '>', (step) => done.push(step));
    expect(done).toEqual([{ pass: '>ab' }]);
    expect(turn.gate).toBeUndefined();
  });

  it('F-06 an exit skips the later gates; a gate answering later holds the turn until it does', () => {
    const { turn, context, done } = world();
    let later: ((step: GateStep<string, string>) => void) | undefined;
    const waits: Gate<string, string> = (_context, _turn, _value, next) => {
      later = next;
    };
    const neverRuns: Gate<string, string> = () => {
      throw new Error('ran after an exit');
    };
    runGates(context, turn, [waits, neverRuns], 'x', (step) => done.push(step));
    expect(done).toEqual([]);
    expect(turn.gate).toBeDefined();
    later?.({ exit: 'blocked' });
    later?.({ pass: 'twice' });
    expect(done).toEqual([{ exit: 'blocked' }]);
  });

  it('F-06 an answer after the turn ended (its gate cleared) is ignored', () => {
    const { turn, context, done } = world();
    let later: ((step: GateStep<string, string>) => void) | undefined;
    runGates<string, string>(
      context,
      turn,
      [(_context, _turn, _value, next) => (later = next)],
      'x',
      (step) => done.push(step),
    );
    turn.gate = undefined;
    later?.({ pass: 'late' });
    expect(done).toEqual([]);
  });
});
