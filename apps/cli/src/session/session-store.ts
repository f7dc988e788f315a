import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The most recent session of one working directory and backend. */
export type SessionRecord = {
  readonly cwd: string;
  readonly backendId: string;
  readonly sessionId: string;
  /** Milliseconds since the epoch. */
  readonly updatedAt: number;
};

/** Remembers sessions for `--continue`. */
export interface SessionStore {
  /** Records `sessionId` as the latest session of its cwd and backend (atomic replace). */
  record(record: SessionRecord): Promise<void>;
  /** The latest session of `cwd` and `backendId`, if one was recorded and is readable. */
  findLatest(key: {
    readonly cwd: string;
    readonly backendId: string;
  }): Promise<SessionRecord | undefined>;
}

/**
 * A session store of small JSON files under `<stateDirectory>/sessions/`, one per (backend, cwd)
 * pair. Each write goes to a unique temp file that is renamed over the target, so concurrent
 * bridges never leave a torn file and never overwrite another pair's record; for the same pair the
 * last writer wins, which is what "most recent" means.
 */
export function createSessionStore(options: { readonly stateDirectory: string }): SessionStore {
  const directory = join(options.stateDirectory, 'sessions');
  const fileOf = (key: { cwd: string; backendId: string }) =>
    join(
      directory,
      `${createHash('sha256').update(`${key.backendId}\0${key.cwd}`).digest('hex').slice(0, 40)}.json`,
    );

  return {
    async record(record) {
      await mkdir(directory, { recursive: true });
      const target = fileOf(record);
      const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
      const content = `${JSON.stringify({ version: 1, ...record })}\n`;
      try {
        await writeFile(temporary, content, { mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async findLatest(key) {
      let text: string;
      try {
        text = await readFile(fileOf(key), 'utf8');
      } catch {
        return undefined;
      }
      const parsed = safeParse(text);
      if (
        parsed &&
        parsed.cwd === key.cwd &&
        parsed.backendId === key.backendId &&
        typeof parsed.sessionId === 'string' &&
        typeof parsed.updatedAt === 'number'
      ) {
        return {
          cwd: parsed.cwd,
          backendId: parsed.backendId,
          sessionId: parsed.sessionId,
          updatedAt: parsed.updatedAt,
        };
      }
      return undefined;
    },
  };
}

function safeParse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
