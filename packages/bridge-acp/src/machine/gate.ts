import type { MachineContext, Turn } from './bridge-state.js';

/** What a gate decided: pass the (possibly changed) value on, or leave the chain with `exit`. */
export type GateStep<Value, Exit> = { readonly pass: Value } | { readonly exit: Exit };

/**
 * One check a turn passes through; it answers through `next`, at once or later (after a client
 * request: a hook callback, ...). A `next` that comes after the turn ended, or twice, is ignored.
 */
export type Gate<Value, Exit> = (
  context: MachineContext,
  turn: Turn,
  value: Value,
  next: (step: GateStep<Value, Exit>) => void,
) => void;
