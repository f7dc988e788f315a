import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.js';

let stateDirectory: string;
beforeEach(() => {
  stateDirectory = mkdtempSync(join(tmpdir(), 'agentbridge-sessions-'));
});
afterEach(() => {
  rmSync(stateDirectory, { recursive: true, force: true });
});

describe('session store (--continue)', () => {
  it('returns the most recent session of the same cwd and backend only', async () => {
    const store = createSessionStore({ stateDirectory });
    expect(await store.findLatest({ cwd: '/p', backendId: 'gemini' })).toBeUndefined();
    await store.record({ cwd: '/p', backendId: 'gemini', sessionId: 's1', updatedAt: 1 });
    await store.record({ cwd: '/p', backendId: 'gemini', sessionId: 's2', updatedAt: 2 });
    await store.record({ cwd: '/p', backendId: 'codex', sessionId: 'c1', updatedAt: 3 });
    await store.record({ cwd: '/q', backendId: 'gemini', sessionId: 'q1', updatedAt: 4 });
    expect(await store.findLatest({ cwd: '/p', backendId: 'gemini' })).toEqual({
      cwd: '/p',
      backendId: 'gemini',
      sessionId: 's2',
      updatedAt: 2,
    });
    expect((await store.findLatest({ cwd: '/p', backendId: 'codex' }))?.sessionId).toBe('c1');
    expect((await store.findLatest({ cwd: '/q', backendId: 'gemini' }))?.sessionId).toBe('q1');
    expect(await store.findLatest({ cwd: '/q', backendId: 'codex' })).toBeUndefined();
  });

  it('survives concurrent writers: every pair keeps a whole record and no temp file is left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cwd: fc.constantFrom('/a', '/b', '/c'),
            backendId: fc.constantFrom('gemini', 'codex'),
            sessionId: fc.uuid(),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        async (writes) => {
          const directory = mkdtempSync(join(stateDirectory, 'run-'));
          const stores = [
            createSessionStore({ stateDirectory: directory }),
            createSessionStore({ stateDirectory: directory }),
          ];
          await Promise.all(
            writes.map((write, index) => stores[index % 2]?.record({ ...write, updatedAt: index })),
          );
          for (const write of writes) {
            const found = await stores[0]?.findLatest(write);
            const candidates = writes.filter(
              (other) => other.cwd === write.cwd && other.backendId === write.backendId,
            );
            expect(candidates.map((candidate) => candidate.sessionId)).toContain(found?.sessionId);
          }
          expect(
            readdirSync(join(directory, 'sessions')).filter((name) => name.endsWith('.tmp')),
          ).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('treats a corrupt file as no session', async () => {
    const store = createSessionStore({ stateDirectory });
    await store.record({ cwd: '/p', backendId: 'gemini', sessionId: 's1', updatedAt: 1 });
    const [file] = readdirSync(join(stateDirectory, 'sessions'));
    writeFileSync(join(stateDirectory, 'sessions', file as string), '{"cwd":');
    expect(await store.findLatest({ cwd: '/p', backendId: 'gemini' })).toBeUndefined();
  });
});
