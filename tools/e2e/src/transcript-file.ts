import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TranscriptEntry } from './acp-test-client.js';

/** Where recorded transcripts go: `tools/e2e/transcripts/<agent>-<scenario>.jsonl`. */
export const transcriptDirectory = fileURLToPath(new URL('../transcripts/', import.meta.url));

/** Literal substrings (or patterns) to replace before the structural normalisation. */
export type TranscriptReplacement = readonly [from: string | RegExp, to: string];

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const isoTimestampPattern = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const volatileKeys = new Set(['toolCallId']);
/** Run-dependent values (codex-acp rawInput/rawOutput) replaced by a constant. */
const constantKeys: Readonly<Record<string, unknown>> = {
  started_at_ms: 0,
  completed_at_ms: 0,
  process_id: '0',
  duration: { secs: 0, nanos: 0 },
  // Qwen Code's and claude-agent-acp's timings.
  durationMs: 0,
  duration_ms: 0,
  duration_api_ms: 0,
};

/**
 * Makes a transcript stable across runs: replaces the given literals (longest first; scratch paths,
 * ports), then the given patterns (use the `g` flag), then
 * renames every UUID to `uuid-<n>` and every `toolCallId` to `tool-call-<n>` in order of first
 * appearance (so equal ids stay equal), zeroes ISO timestamps and codex-acp's clock and pid fields.
 */
export function normalizeTranscript(
  entries: readonly TranscriptEntry[],
  replacements: readonly TranscriptReplacement[] = [],
): TranscriptEntry[] {
  let text = JSON.stringify(entries);
  const literals = replacements.filter(
    (replacement): replacement is readonly [string, string] => typeof replacement[0] === 'string',
  );
  for (const [from, to] of literals.sort((left, right) => right[0].length - left[0].length)) {
    text = text.split(from).join(to);
    text = text.split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1));
  }
  for (const [pattern, to] of replacements) {
    if (typeof pattern !== 'string') text = text.replace(pattern, to);
  }
  const uuids = new Map<string, string>();
  text = text.replace(uuidPattern, (uuid) => {
    const key = uuid.toLowerCase();
    if (!uuids.has(key)) uuids.set(key, `uuid-${uuids.size + 1}`);
    return uuids.get(key) ?? uuid;
  });
  text = text.replace(isoTimestampPattern, '2026-01-01T00:00:00.000Z');
  const renamed = new Map<string, string>();
  return JSON.parse(text, (key, value: unknown) => {
    if (Object.hasOwn(constantKeys, key)) return constantKeys[key];
    if (!volatileKeys.has(key) || typeof value !== 'string') return value;
    if (!renamed.has(value)) renamed.set(value, `tool-call-${renamed.size + 1}`);
    return renamed.get(value);
  }) as TranscriptEntry[];
}

/** Serialises entries as JSONL (one `{direction, message}` per line). */
export function toTranscriptJsonl(entries: readonly TranscriptEntry[]): string {
  return entries
    .map((entry) => JSON.stringify(entry))
    .join('\n')
    .concat('\n');
}

/** Writes `<transcriptDirectory>/<name>.jsonl`, returning the path. */
export function writeTranscript(name: string, entries: readonly TranscriptEntry[]): string {
  mkdirSync(transcriptDirectory, { recursive: true });
  const path = `${transcriptDirectory}${name}.jsonl`;
  writeFileSync(path, toTranscriptJsonl(entries));
  return path;
}
