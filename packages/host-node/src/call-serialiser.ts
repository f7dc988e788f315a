/**
 * Runs calls one at a time: a call made while another runs (a sink that re-enters) is queued and
 * runs right after, in order. Synchronous, no promises on the hot path.
 */
export interface CallSerialiser {
  /** Calls `task(argument)` now, or after the running call when busy. */
  run<Argument>(task: (argument: Argument) => void, argument: Argument): void;
}

/** Creates a {@link CallSerialiser}; `onError` receives whatever a task throws. */
export function createCallSerialiser(onError: (error: unknown) => void): CallSerialiser {
  let busy = false;
  const queue: { task: (argument: never) => void; argument: unknown }[] = [];
  const invoke = (task: (argument: never) => void, argument: unknown) => {
    try {
      task(argument as never);
    } catch (error) {
      onError(error);
    }
  };
  return {
    run(task, argument) {
      if (busy) {
        queue.push({ task: task as (argument: never) => void, argument });
        return;
      }
      busy = true;
      try {
        invoke(task as (argument: never) => void, argument);
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          invoke(next.task, next.argument);
        }
      } finally {
        busy = false;
      }
    },
  };
}
