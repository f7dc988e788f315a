import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * A full GC now, through V8's `gc()` when the process exposes it (the CLI's entry sets
 * `--expose-gc`; a library changes no V8 flag), else nothing: after a very long line is joined
 * its pieces are garbage, which V8 may otherwise keep until after the line is parsed and written.
 */
export function collectGarbage(): void {
  gc ??= runInNewContext('typeof gc === "function" ? gc : null') as (() => void) | null;
  gc?.();
}
