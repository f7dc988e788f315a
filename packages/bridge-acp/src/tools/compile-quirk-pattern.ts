/**
 * A regular-expression quirk (source text from a backend manifest) compiled, or `undefined` when
 * empty or invalid (manifests are validated, overrides may not be).
 */
export function compileQuirkPattern(source: string | undefined): RegExp | undefined {
  if (typeof source !== 'string' || source === '') return undefined;
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}
