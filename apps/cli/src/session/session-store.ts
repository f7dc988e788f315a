import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The most recent session of one working directory and backend. */
type SessionRecord = {
  readonly cwd: string;
  readonly backendId: string;
  readonly sessionId: string;
  /** Milliseconds since the epoch. */
  readonly updatedAt: number;
};

type SessionKey = Pick<SessionRecord, 'cwd' | 'backendId'>;

/**
 * Remembers sessions for `--continue`: small JSON files under `<stateDirectory>/sessions/`, one per
 * (backend, cwd). Each write goes to a unique temp file renamed over the target: concurrent runs
 * never leave a torn file, and for the same pair the last writer wins ("most recent").
 */
export function createSessionStore(options: { readonly stateDirectory: string }) {
  const directory = join(options.stateDirectory, 'sessions');
  const fileOf = (key: SessionKey) => {
    const hash = createHash('sha256').update(`${key.backendId}\0${key.cwd}`).digest('hex');
    return join(directory, `${hash.slice(0, 40)}.json`);
  };
  return {
    /** Records `sessionId` as the latest session of its cwd and backend (atomic replace). */
    async record(record: SessionRecord): Promise<void> {
      await mkdir(directory, { recursive: true });
      const target = fileOf(record);
      const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, `${JSON.stringify({ version: 1, ...record })}\n`, {
          mode: 0o600,
        });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    /** The latest session of `cwd` and `backendId`, if one was recorded and is readable. */
    async findLatest(key: SessionKey): Promise<SessionRecord | undefined> {
      try {
        const { cwd, backendId, sessionId, updatedAt } = JSON.parse(
          await readFile(fileOf(key), 'utf8'),
        );
        if (cwd === key.cwd && backendId === key.backendId && typeof sessionId === 'string') {
          if (typeof updatedAt === 'number') return { cwd, backendId, sessionId, updatedAt };
        }
      } catch {
        // missing or corrupt: no session
      }
      return undefined;
    },
  };
}
