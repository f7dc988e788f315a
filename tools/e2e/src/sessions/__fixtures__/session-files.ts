import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { WorldDirectories } from '../../through-cli/__fixtures__/assemble-world.js';

/** Claude Code's config directory of a world (`<home>/.claude`: HOME is the world's). */
export const configDirectoryOf = (directories: WorldDirectories) =>
  join(directories.homeDirectory, '.claude');

/** The world's project directory of transcripts (the cwd with non-alphanumerics as `-`). */
export function projectDirectoryOf(directories: WorldDirectories): string {
  const slug = directories.workDirectory.replace(/[^a-zA-Z0-9]/g, '-');
  return join(configDirectoryOf(directories), 'projects', slug);
}

/** The transcript files of a world's project, by name. */
export const transcriptNames = (directories: WorldDirectories) =>
  readdirSync(projectDirectoryOf(directories)).filter((name) => name.endsWith('.jsonl'));

/** The parsed lines of one session's transcript. */
export function transcriptLines(
  directories: WorldDirectories,
  sessionId: string,
): Record<string, unknown>[] {
  const text = readFileSync(join(projectDirectoryOf(directories), `${sessionId}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/**
 * Runs `body` with the SDK's session functions reading the world's config directory
 * (`CLAUDE_CONFIG_DIR` of this process), restored afterwards.
 */
export async function withConfigDirectory<Value>(
  directories: WorldDirectories,
  body: () => Promise<Value>,
): Promise<Value> {
  const before = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = configDirectoryOf(directories);
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.CLAUDE_CONFIG_DIR;
    else process.env.CLAUDE_CONFIG_DIR = before;
  }
}

/**
 * Forgets the connections an earlier world recorded in the shared HOME (Gemini's net guard log),
 * so the next world over the same directories is checked against its own server only.
 */
export function forgetConnections(directories: WorldDirectories): void {
  rmSync(join(directories.homeDirectory, 'net-connections.jsonl'), { force: true });
}
