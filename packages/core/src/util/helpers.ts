/** A plain JSON object (not an array, not null): what untrusted JSON is narrowed with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message of a caught value, whatever was thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A quirk's regular expression (source text); `undefined` when empty or invalid. */
export function compileQuirkPattern(source: string | undefined): RegExp | undefined {
  if (typeof source !== 'string' || source === '') return undefined;
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}
