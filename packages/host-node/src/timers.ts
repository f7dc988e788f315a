/** Opaque handle of a timer started through {@link Timers}. */
export type TimerHandle = unknown;

/**
 * The timer seam of the host. Production code uses {@link systemTimers}; unit tests pass a fake so
 * stop sequences and bridge timers run deterministically.
 */
export interface Timers {
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Real timers. They do not keep the process alive on their own (`unref`). */
export const systemTimers: Timers = Object.freeze({
  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const handle = setTimeout(callback, delayMs);
    handle.unref();
    return handle;
  },
  clearTimeout(handle: TimerHandle): void {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
});
