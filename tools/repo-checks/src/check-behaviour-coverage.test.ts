import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repoRoot, 'scripts/check-behaviour-coverage.mjs');
const temporaryRoots: string[] = [];

type Report = { entries: number; problems: string[]; uncited: string[]; unknown: string[] };

function runCheck(root: string) {
  const result = spawnSync(process.execPath, [script, root, '--json'], { encoding: 'utf8' });
  return { status: result.status, report: JSON.parse(result.stdout) as Report };
}

/** A repository with `catalogue` as docs/behaviour.md and `tests` as test files of one package. */
function fixtureRepo(catalogue: string, tests: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coverage-'));
  temporaryRoots.push(root);
  fs.mkdirSync(path.join(root, 'docs'));
  fs.writeFileSync(path.join(root, 'docs/behaviour.md'), catalogue);
  for (const [file, text] of Object.entries(tests)) {
    const full = path.join(root, 'packages/demo/src', file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
  return root;
}

/** A test file calling `call` with each title (built at run time: this file cites no ids itself). */
function testFile(call: string, ...titles: string[]): string {
  return titles.map((title) => `${call}(${JSON.stringify(title)}, () => {});\n`).join('');
}

const catalogue = [
  '# Catalogue',
  '- <a id="H-01"></a>**H-01** The handshake starts.',
  '- <a id="PM-04"></a>**PM-04** An option is chosen',
  '  over two lines.',
  '- <a id="HB-05"></a>**HB-05** not applicable: the panel had timeouts.',
  '- <a id="seed-2"></a>**seed#2** The handshake answers.',
  '',
].join('\n');

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('behaviour coverage (docs/behaviour.md against test names)', () => {
  it('every catalogue id and scenario of this repository is cited by a test or not applicable', () => {
    const { status, report } = runCheck(repoRoot);
    // Every anchored item and scenario is an entry; the test names must cite every applicable one.
    const catalogue = fs.readFileSync(path.join(repoRoot, 'docs/behaviour.md'), 'utf8');
    expect(report.entries).toBe(catalogue.match(/<a id="[^"]+"><\/a>/g)?.length);
    expect(report.entries).toBeGreaterThan(280);
    expect(report).toMatchObject({ problems: [], uncited: [], unknown: [] });
    expect(status).toBe(0);
  });

  it('passes when each entry is cited by an it/test/describe title or marked not applicable', () => {
    const root = fixtureRepo(catalogue, {
      'a.test.ts': testFile('describe', 'seed#2 H-01 the handshake'),
      'b.test.ts': testFile('it.each([[1, "(x)"], [2, `]`]] as const)', 'PM-04 picks %s'),
    });
    expect(runCheck(root)).toEqual({
      status: 0,
      report: { entries: 4, names: 2, problems: [], uncited: [], unknown: [] },
    });
  });

  it('fails on each uncited id and scenario; citations in code or other files do not count', () => {
    const root = fixtureRepo(catalogue, {
      'a.test.ts': `// PM-04 seed#2\n${testFile('it', 'H-01 starts')}/x/.test(${JSON.stringify('PM-04')});\n`,
      'b.ts': testFile('it', 'PM-04 in a file that is not a test'),
      'c.e2e.test.ts': testFile('test', 'H-010, UTF-8 and seed#20 are no ids of this catalogue'),
    });
    const { status, report } = runCheck(root);
    expect(status).toBe(1);
    expect(report.uncited).toEqual(['PM-04', 'seed#2']);
    expect(report.unknown).toEqual([expect.stringMatching(/^seed#20 \(packages\/demo/)]);
  });

  it('fails on a test citing an id the catalogue does not define', () => {
    const root = fixtureRepo(catalogue, {
      'a.test.ts': testFile('it', 'seed#2 H-01 PM-04 and PM-09'),
    });
    const { status, report } = runCheck(root);
    expect(status).toBe(1);
    expect(report.unknown).toEqual([
      'PM-09 (packages/demo/src/a.test.ts: seed#2 H-01 PM-04 and PM-09)',
    ]);
  });

  it('fails on a malformed catalogue: a bare reason, a duplicate, a wrong label, a loose anchor', () => {
    const root = fixtureRepo(
      [
        '- <a id="H-01"></a>**H-01** not applicable:',
        '- <a id="H-02"></a>**H-02** Once.',
        '- <a id="H-02"></a>**H-02** Twice.',
        '- <a id="H-03"></a>**H-04** Mislabelled.',
        'Text with <a id="H-05"></a> inside.',
      ].join('\n'),
      { 'a.test.ts': testFile('it', 'H-01 H-02 H-03 H-04') },
    );
    const { status, report } = runCheck(root);
    expect(status).toBe(1);
    expect(report.problems).toEqual([
      'docs/behaviour.md:1: H-01 has no statement or reason',
      'docs/behaviour.md:3: H-02 is defined twice',
      'docs/behaviour.md:4: anchor H-03 labelled H-04',
      'docs/behaviour.md:5: an anchor not in the form - <a id="X"></a>**X** ...',
    ]);
  });

  it('fails when the catalogue is missing, and reads nothing outside the repository', () => {
    const root = fixtureRepo('', {});
    fs.rmSync(path.join(root, 'docs/behaviour.md'));
    const { status, report } = runCheck(root);
    expect(status).toBe(1);
    expect(report.problems).toEqual(['docs/behaviour.md is missing']);
    expect(fs.readFileSync(script, 'utf8')).not.toMatch(/shared|\.\.\/\.\.\/\.\./);
  });
});
