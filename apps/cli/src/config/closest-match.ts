/** The candidate within `maxDistance` edits of `word` (case ignored), the closest first (FT-10). */
export function closestMatch(
  word: string,
  candidates: readonly string[],
  maxDistance = 2,
): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= maxDistance && (best === undefined || distance < best.distance))
      best = { candidate, distance };
  }
  return best?.candidate;
}

/** Levenshtein distance, ignoring case. */
function editDistance(sourceText: string, targetText: string): number {
  const [source, target] = [sourceText.toLowerCase(), targetText.toLowerCase()];
  let previous = Array.from({ length: target.length + 1 }, (_, index) => index);
  for (let row = 1; row <= source.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= target.length; column += 1) {
      const replace =
        (previous[column - 1] ?? 0) + (source[row - 1] === target[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, replace));
    }
    previous = current;
  }
  return previous[target.length] ?? 0;
}
