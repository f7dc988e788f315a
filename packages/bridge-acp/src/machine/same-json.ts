import { isRecord } from '@agentbridge/core/contracts';

/** JSON values equal whatever their key order (a changed `updatedInput`, HK-07). */
export function sameJson(left: unknown, right: unknown): boolean {
  if (!isRecord(left) || !isRecord(right)) return JSON.stringify(left) === JSON.stringify(right);
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}
