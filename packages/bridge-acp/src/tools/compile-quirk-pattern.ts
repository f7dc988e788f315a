const compiledPatterns = new Map<string, RegExp | undefined>();

/**
 * Compiles a regular-expression quirk (source text from a backend manifest) once and caches it;
 * an empty or invalid source gives `undefined` (manifests are validated, overrides may not be).
 */
export function compileQuirkPattern(source: string | undefined): RegExp | undefined {
  if (typeof source !== 'string' || source === '') return undefined;
  if (compiledPatterns.has(source)) return compiledPatterns.get(source);
  let compiled: RegExp | undefined;
  try {
    compiled = new RegExp(source);
  } catch {
    compiled = undefined;
  }
  compiledPatterns.set(source, compiled);
  return compiled;
}
