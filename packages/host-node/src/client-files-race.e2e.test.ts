import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from './__fixtures__/process-helpers.js';
import { createClientFiles } from './client-files.js';

let root: string;
let project: string;
let outside: string;
let swapper: ChildProcess | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-race-'));
  project = join(root, 'project');
  outside = join(root, 'outside');
  mkdirSync(join(project, 'race'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(project, 'race', 'f.txt'), 'inside');
  writeFileSync(join(outside, 'f.txt'), 'CANARY');
  symlinkSync(outside, join(project, 'link'));
});
afterEach(() => {
  if (swapper?.pid !== undefined) process.kill(-swapper.pid, 'SIGKILL');
  swapper = undefined;
  rmSync(root, { recursive: true, force: true });
});

const session = { sessionId: 's' };
const inbox = { onMcpMessage: () => {} };
const hasPython = (() => {
  try {
    execFileSync('python3', ['-c', 'import ctypes; ctypes.CDLL(None).renameat2'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
})();

/** Starts the swapper; resolves once it has swapped `count` times. */
function swapUntil(count: number) {
  const child = spawn(process.execPath, [fixturePath('directory-swapper.mjs'), project], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  swapper = child;
  return new Promise<number>((resolve, reject) => {
    child.once('exit', (exitCode) => reject(new Error(`swapper exited (${exitCode})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const last = Number(chunk.toString().trim().split('\n').at(-1));
      if (last >= count) resolve(last);
    });
  });
}

// renameat2(RENAME_EXCHANGE) is Linux's; the swap is atomic, so the path always exists.
describe.skipIf(process.platform !== 'linux' || !hasPython)(
  'client files under a directory swap race',
  () => {
    it('CF-08 10,000 reads and writes against 10,000+ rename-exchange swaps: no outside file written or read', async () => {
      const files = createClientFiles([project]);
      const read = files['fs/read_text_file'];
      const write = files['fs/write_text_file'];
      if (read === undefined || write === undefined) throw new Error('no fs handlers');
      const swapped = swapUntil(10_000);
      const outputs: string[] = [];
      const outcomes = { ok: 0, refused: 0 };
      const operation = async (index: number) => {
        const target = join(project, 'race', index % 3 === 2 ? `new-${index % 7}.txt` : 'f.txt');
        const answer =
          index % 3 === 0
            ? read({ ...session, path: target }, inbox).then(({ content }) => outputs.push(content))
            : write({ ...session, path: target, content: `agent-${index}` }, inbox);
        await answer.then(
          () => (outcomes.ok += 1),
          (error: Error) => {
            outcomes.refused += 1;
            outputs.push(error.message);
          },
        );
      };
      let next = 0;
      const worker = async () => {
        while (next < 10_000) await operation(next++);
      };
      await Promise.all([swapped, ...Array.from({ length: 8 }, worker)]);
      expect(await swapped).toBeGreaterThanOrEqual(10_000);
      process.kill(-(swapper?.pid ?? 0), 'SIGKILL');
      swapper = undefined;
      expect(readdirSync(outside)).toEqual(['f.txt']);
      expect(readFileSync(join(outside, 'f.txt'), 'utf8')).toBe('CANARY');
      expect(outputs.filter((text) => text.includes('CANARY'))).toEqual([]);
      expect(outcomes.ok + outcomes.refused).toBe(10_000);
      expect(outcomes.ok).toBeGreaterThan(0);
    }, 120_000);
  },
);
