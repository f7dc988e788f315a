import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The most recent session of one working directory and backend (`updatedAt`: epoch ms). */
type SessionRecord = {
  readonly cwd: string;
  readonly backendId: string;
  readonly sessionId: string;
  readonly updatedAt: number;
};
type SessionKey = Pick<SessionRecord, 'cwd' | 'backendId'>;

/**
 * Sessions for `--continue`: one JSON file per (backend, cwd) under `<stateDirectory>/sessions/`,
 * written to a unique temp file renamed over it, so concurrent runs never tear one; last wins.
 */
export function createSessionStore(options: { readonly stateDirectory: string }) {
  const directory = join(options.stateDirectory, 'sessions');
  const fileOf = ({ backendId, cwd }: SessionKey) => {
    const hash = createHash('sha256').update(`${backendId}\0${cwd}`).digest('hex');
    return join(directory, `${hash.slice(0, 40)}.json`);
  };
  return {
    async record(record: SessionRecord): Promise<void> {
      await mkdir(directory, { recursive: true });
      const target = fileOf(record);
      const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
      try {
        const text = `${JSON.stringify({ version: 1, ...record })}\n`;
        await writeFile(temporary, text, { mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    /** Undefined when none was recorded or the file is unreadable. */
    async findLatest(key: SessionKey): Promise<SessionRecord | undefined> {
      try {
        const { cwd, backendId, sessionId, updatedAt } = JSON.parse(
          await readFile(fileOf(key), 'utf8'),
        );
        const valid = typeof sessionId === 'string' && typeof updatedAt === 'number';
        const record = { cwd, backendId, sessionId, updatedAt };
        if (valid && cwd === key.cwd && backendId === key.backendId) return record;
      } catch {
        // missing or corrupt: no session
      }
      return undefined;
    },
  };
}
