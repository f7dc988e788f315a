import { readFileSync, writeFileSync } from 'node:fs';
import type { TranscriptEntry } from './transcript-entry.js';
import { isTranscriptEntry } from './transcript-entry.js';

/** A file location: a `file:` URL (`new URL('./x.jsonl', import.meta.url)`) or a path. */
export type FileLocation = URL | string;

/** Parses JSONL text: one JSON value per non-empty line. Throws with the line number on bad JSON. */
export function parseJsonLines(text: string): unknown[] {
  const values: unknown[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`line ${index + 1} is not JSON: ${reason}`, { cause: error });
    }
  }
  return values;
}

/** Serialises values as JSONL (one compact JSON value per line, trailing newline). */
export function toJsonLines(values: readonly unknown[]): string {
  return values.map((value) => `${JSON.stringify(value)}\n`).join('');
}

/** Reads a plain JSONL file. */
export function readJsonLines(location: FileLocation): unknown[] {
  return parseJsonLines(readFileSync(location, 'utf8'));
}

/** Writes a plain JSONL file. */
export function writeJsonLines(location: FileLocation, values: readonly unknown[]): void {
  writeFileSync(location, toJsonLines(values));
}

/**
 * Reads a transcript: JSONL of `{ direction, message }` (or `{ direction, raw }`) entries. Throws
 * naming the first line that is not an entry.
 */
export function readTranscript(location: FileLocation): TranscriptEntry[] {
  return readJsonLines(location).map((value, index) => {
    if (!isTranscriptEntry(value)) {
      throw new Error(`transcript entry ${index + 1} lacks a valid direction and message`);
    }
    return value;
  });
}

/** Writes a transcript as JSONL. */
export function writeTranscript(location: FileLocation, entries: readonly TranscriptEntry[]): void {
  writeJsonLines(location, entries);
}

/** The messages of one direction, in order (raw lines left out). */
export function messagesOf(
  entries: readonly TranscriptEntry[],
  direction: TranscriptEntry['direction'],
): unknown[] {
  return entries
    .filter((entry) => entry.direction === direction && 'message' in entry)
    .map((entry) => ('message' in entry ? entry.message : undefined));
}
