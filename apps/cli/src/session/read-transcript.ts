import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Which backend and agent session an entry agentbridge wrote belongs to (SN-01). */
const originSchema = z.object({
  backend: z.string(),
  agentSessionId: z.string().optional(),
  /** SN-12: a stub for a session the agent listed (`session/list`), not a conversation. */
  listed: z.boolean().optional(),
});

/** One transcript line as far as agentbridge reads it; everything else is kept as it is. */
const entrySchema = z.looseObject({
  type: z.string(),
  uuid: z.string().optional(),
  parentUuid: z.string().nullable().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.union([z.string(), z.array(z.unknown())]),
    })
    .optional(),
  agentbridge: originSchema.optional(),
});

/** A transcript line (Claude Code's JSONL shape). */
export type TranscriptEntry = z.infer<typeof entrySchema>;
type Origin = z.infer<typeof originSchema>;

/** Claude Code's project directory name: the cwd with every non-alphanumeric character as `-`. */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

/**
 * SN-02: the entries of a transcript, in file order; a line that is not a whole entry (a torn last
 * line after a crash, a stray byte) is skipped. A missing or unreadable file has none.
 */
export function readTranscript(path: string): TranscriptEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [];
    try {
      const parsed = entrySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

const conversational = new Set(['user', 'assistant', 'system']);

/**
 * The conversation that ends at `leafUuid` (default: the last message written), oldest first,
 * by walking `parentUuid`; empty when `leafUuid` is not in the transcript.
 */
export function conversationChain(
  entries: readonly TranscriptEntry[],
  leafUuid?: string,
): TranscriptEntry[] {
  const byUuid = new Map(entries.flatMap((entry) => (entry.uuid ? [[entry.uuid, entry]] : [])));
  const leaf =
    leafUuid === undefined
      ? entries.findLast((entry) => entry.uuid !== undefined && conversational.has(entry.type))
      : byUuid.get(leafUuid);
  const chain: TranscriptEntry[] = [];
  const seen = new Set<string>();
  for (let entry = leaf; entry?.uuid !== undefined && !seen.has(entry.uuid); ) {
    seen.add(entry.uuid);
    chain.push(entry);
    entry = entry.parentUuid ? byUuid.get(entry.parentUuid) : undefined;
  }
  return chain.reverse().filter((entry) => conversational.has(entry.type));
}

/** The backend and agent session the transcript's last agentbridge entry names. */
export function lastOrigin(entries: readonly TranscriptEntry[]): Origin | undefined {
  return entries.findLast((entry) => entry.agentbridge !== undefined)?.agentbridge;
}

/** SN-10: the session id of the newest transcript in `directory` (for `--continue`). */
export function latestTranscriptId(directory: string): string | undefined {
  let newest: { id: string; mtime: number } | undefined;
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!name.endsWith('.jsonl')) continue;
    const mtime = statSync(join(directory, name), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (newest === undefined || mtime > newest.mtime) newest = { id: name.slice(0, -6), mtime };
  }
  return newest?.id;
}
