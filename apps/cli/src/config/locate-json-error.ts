import { errorMessage } from '@agentbridge/core/contracts';

/** A parser's reason without V8's excerpt of the text (`Unexpected token 'o', "…" is not …`). */
export const jsonErrorReason = (cause: unknown): string =>
  errorMessage(cause).split(/\n|, (?:"|\.\.\.)| in JSON at/)[0] ?? '';

/**
 * FT-10, SE-02: where `text`'s JSON syntax breaks and why. V8's messages name no place, so it is
 * the end of the shortest prefix `JSON.parse` rejects for the same reason. Lines and columns
 * count from 1. Only for text that `JSON.parse` rejects.
 */
export function locateJsonError(text: string) {
  const reasonAt = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
    } catch (cause) {
      return jsonErrorReason(cause);
    }
    return '';
  };
  const because = reasonAt(text.length);
  let [low, high] = [0, text.length + 1];
  while (high - low > 1 && !because.includes('end of JSON')) {
    const middle = (low + high) >> 1;
    [low, high] = reasonAt(middle) === because ? [low, middle] : [middle, high];
  }
  const before = text.slice(0, high - 1).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, reason: because };
}
