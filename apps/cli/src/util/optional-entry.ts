/**
 * `{ [key]: value }` when `value` is defined, else `{}`: spreads optional fields without writing
 * `undefined` into objects (`exactOptionalPropertyTypes`-friendly and clean in snapshots).
 */
export function optionalEntry<Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): { [K in Key]?: Value } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: Value };
}
