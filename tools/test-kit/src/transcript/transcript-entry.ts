/** Who sent a transcript line to whom. */
export type TranscriptDirection =
  | 'client->bridge'
  | 'bridge->client'
  | 'bridge->agent'
  | 'agent->bridge';

/** Every {@link TranscriptDirection}. */
export const transcriptDirections: readonly TranscriptDirection[] = [
  'client->bridge',
  'bridge->client',
  'bridge->agent',
  'agent->bridge',
];

/**
 * One line of a transcript: a parsed JSON `message`, or a `raw` line that was not JSON (a sign-in
 * URL on stdout, malformed JSON).
 */
export type TranscriptEntry =
  | { readonly direction: TranscriptDirection; readonly message: unknown }
  | { readonly direction: TranscriptDirection; readonly raw: string };

/** True when `value` has the shape of a {@link TranscriptEntry}. */
export function isTranscriptEntry(value: unknown): value is TranscriptEntry {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    transcriptDirections.includes(record.direction as TranscriptDirection) &&
    ('message' in record || typeof record.raw === 'string')
  );
}

/** Parses one wire line into a transcript entry (`raw` when it is not JSON). */
export function toTranscriptEntry(direction: TranscriptDirection, line: string): TranscriptEntry {
  try {
    return { direction, message: JSON.parse(line) as unknown };
  } catch {
    return { direction, raw: line };
  }
}
