import type { IdGenerator } from '@agentbridge/core';

/**
 * A deterministic {@link IdGenerator}. `'uuid'` yields valid UUID-shaped ids
 * (`00000000-0000-4000-8000-000000000001`, ...); any other prefix yields `<prefix>-1`, `<prefix>-2`.
 */
export function createSequentialIds(prefix = 'id'): IdGenerator {
  let count = 0;
  return () => {
    count += 1;
    return prefix === 'uuid'
      ? `00000000-0000-4000-8000-${count.toString(16).padStart(12, '0')}`
      : `${prefix}-${count}`;
  };
}
