import { errorMessage } from '@agentbridge/core/contracts';

/** A parser's reason without V8's excerpt of the text (`Unexpected token 'o', "…" is not …`). */
export const jsonErrorReason = (cause: unknown): string =>
  errorMessage(cause).split(/\n|, (?:"|\.\.\.)| in JSON at/)[0] ?? '';

/**
 * FT-10, SE-02: where `text`'s JSON syntax breaks and why: the offset V8 names, else (its messages
 * do not always) the end of the shortest prefix `JSON.parse` rejects for the same reason. Lines and columns
 * count from 1. Only for text that `JSON.parse` rejects.
 */
export function locateJsonError(text: string) {
  let message = '';
  const reasonAt = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
    } catch (cause) {
      message ||= errorMessage(cause);
      return jsonErrorReason(cause);
    }
    return '';
  };
  const because = reasonAt(text.length);
  // Most of V8's messages name the offset; the rest are found as the shortest prefix.
  const offset = Number(/ at position (\d+)/.exec(message)?.[1] ?? Number.NaN);
  let [low, high] = [0, Number.isNaN(offset) ? text.length + 1 : offset + 1];
  while (Number.isNaN(offset) && high - low > 1 && !because.includes('end of JSON')) {
    const middle = (low + high) >> 1;
    [low, high] = reasonAt(middle) === because ? [low, middle] : [middle, high];
  }
  const before = text.slice(0, high - 1).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, reason: because };
}
