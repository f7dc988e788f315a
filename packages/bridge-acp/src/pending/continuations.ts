/**
 * A key of the continuation table: a plain string the state keeps in place of a callback, typed
 * by the value its waiters take.
 */
export type Continuation<Value> = string & { readonly __resumesWith?: (value: Value) => void };

/**
 * Where the bridge's continuations live, so that its state holds data only (A-11): whoever waits
 * for a permission's outcome, a tool call's PreToolUse verdict, the quiet end of a load's replay,
 * or the end of an MCP server change waits here, under a key the state keeps. `key` makes a fresh
 * key (never reused), `wait` adds a waiter to it, `resume` takes a key's waiters and calls them in
 * order with the value (each exactly once: a later `resume` finds nothing), `drop` forgets them.
 * The requests waiting for a peer's answer live in their channels' pending tables instead.
 */
export function createContinuations() {
  const table = new Map<string, ((value: never) => void)[]>();
  let made = 0;
  const wait = <Value>(key: Continuation<Value>, then: (value: Value) => void): void => {
    const waiters = table.get(key);
    if (waiters === undefined) table.set(key, [then]);
    else waiters.push(then);
  };
  const key = <Value>(kind: string): Continuation<Value> => `${kind}#${++made}`;
  return {
    key,
    wait,
    /** A fresh key with `then` as its one waiter. */
    once<Value>(kind: string, then: (value: Value) => void): Continuation<Value> {
      const fresh = key<Value>(kind);
      wait(fresh, then);
      return fresh;
    },
    /** Calls the waiters of `key` with `value`; false when none waits. */
    resume<Value>(key: Continuation<Value>, value: Value): boolean {
      const waiters = table.get(key) as ((value: Value) => void)[] | undefined;
      if (waiters === undefined) return false;
      table.delete(key);
      for (const then of waiters) then(value);
      return true;
    },
    drop(key: Continuation<never>): void {
      table.delete(key);
    },
  };
}

/** What `createContinuations` makes. */
export type Continuations = ReturnType<typeof createContinuations>;
