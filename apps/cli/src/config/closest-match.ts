import { distance } from 'fastest-levenshtein';

/** The candidate within `maxDistance` edits of `word` (case ignored), the closest first (FT-10). */
export function closestMatch(
  word: string,
  candidates: readonly string[],
  maxDistance = 2,
): string | undefined {
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = distance(word.toLowerCase(), candidate.toLowerCase());
    if (edits <= maxDistance && (best === undefined || edits < best.edits))
      best = { candidate, edits };
  }
  return best?.candidate;
}
