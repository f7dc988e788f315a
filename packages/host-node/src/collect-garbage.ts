import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full GC now, through V8's `gc()` exposed on first use (as jest's leak detector does): after a
 * very long line is joined its pieces are garbage, which V8 may otherwise keep until after the
 * line is parsed and written, beside both.
 */
export function collectGarbage(): void {
  if (gc === undefined) setFlagsFromString('--expose-gc');
  gc ??= runInNewContext('gc') as () => void;
  gc();
}
