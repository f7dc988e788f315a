/** The result of {@link interpolateEnv}. */
export type Interpolated<Value> = {
  readonly value: Value;
  /** Variables referenced but not set (replaced by an empty string), in order of appearance. */
  readonly missing: readonly string[];
};

const variablePattern = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Replaces `$NAME` and `${NAME}` in every string of `value` (recursively through arrays and plain
 * objects; keys are left alone) with variables from `env`. `$$` is a literal `$`. An unset variable
 * becomes an empty string and is reported in `missing`.
 */
export function interpolateEnv<Value>(
  value: Value,
  env: Readonly<Record<string, string | undefined>>,
): Interpolated<Value> {
  const missing: string[] = [];
  const visit = (current: unknown): unknown => {
    if (typeof current === 'string') {
      return current.replace(variablePattern, (match, braced?: string, bare?: string) => {
        if (match === '$$') return '$';
        const name = (braced ?? bare) as string;
        const replacement = env[name];
        if (replacement === undefined) {
          if (!missing.includes(name)) missing.push(name);
          return '';
        }
        return replacement;
      });
    }
    if (Array.isArray(current)) return current.map(visit);
    if (typeof current === 'object' && current !== null && isPlainObject(current)) {
      return Object.fromEntries(Object.entries(current).map(([key, entry]) => [key, visit(entry)]));
    }
    return current;
  };
  return { value: visit(value) as Value, missing };
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
