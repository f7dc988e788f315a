import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repoRoot, 'scripts/count-lines.mjs');
const temporaryRoots: string[] = [];

function runCount(root: string) {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

/** A repository whose files (path → number of lines) are written under `root`. */
function fixtureRepo(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'count-lines-'));
  temporaryRoots.push(root);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x\n'.repeat(lines));
  }
  return root;
}

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('production line count', () => {
  it('counts src of packages and apps without tests, fixtures, snapshots and JSON data', () => {
    const root = fixtureRepo({
      'packages/core/src/a.ts': 100,
      'packages/core/src/deep/b.ts': 50,
      'packages/core/src/a.test.ts': 999,
      'packages/core/src/a.e2e.test.ts': 999,
      'packages/core/src/a.test-d.ts': 999,
      'packages/core/src/__fixtures__/f.ts': 999,
      'packages/core/src/__snapshots__/s.jsonl': 999,
      'packages/core/src/data.json': 999,
      'packages/core/bench/bench.mjs': 999,
      'apps/cli/src/main.ts': 300,
      'tools/test-kit/src/kit.ts': 999,
    });
    const result = runCount(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('   300 apps/cli/src\n');
    expect(result.stdout).toContain('   150 packages/core/src\n');
    expect(result.stdout).toContain('   450 production lines in all (budget 10000)');
    expect(result.stdout).not.toContain('over 300');
  });

  it('fails naming each file over 300 lines', () => {
    const root = fixtureRepo({ 'apps/cli/src/long.ts': 301, 'apps/cli/src/ok.ts': 300 });
    const result = runCount(root);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('over 300 lines: 301 apps/cli/src/long.ts');
    expect(result.stdout).not.toContain('ok.ts');
    expect(result.stderr).toContain('1 file(s) over 300 lines');
  });

  it('fails when the total is over 10,000 lines', () => {
    const files: Record<string, number> = {};
    for (let index = 0; index < 34; index += 1) files[`packages/core/src/f${index}.ts`] = 295;
    const result = runCount(fixtureRepo(files));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('10030 production lines in all');
    expect(result.stderr).toContain('Line count failed: 10030 lines, over 10000.');
  });

  it('takes its budget from scripts/line-budget.json, entry by entry, and prints what each pays for', () => {
    const files: Record<string, number> = {};
    for (let index = 0; index < 34; index += 1) files[`packages/core/src/f${index}.ts`] = 295;
    const root = fixtureRepo(files);
    const budget = (entries: { lines: number; for: string }[]) =>
      fs.writeFileSync(
        path.join(root, 'scripts/line-budget.json'),
        JSON.stringify({ budget: entries }),
      );
    fs.mkdirSync(path.join(root, 'scripts'), { recursive: true });
    budget([
      { lines: 10000, for: 'the base' },
      { lines: 100, for: 'a new capability' },
    ]);
    const within = runCount(root);
    expect(within.status).toBe(0);
    expect(within.stdout).toContain('10030 production lines in all (budget 10100)');
    expect(within.stdout).toContain('budget    100: a new capability');
    budget([{ lines: 10000, for: 'the base' }]);
    expect(runCount(root).status).toBe(1);
  });
});
