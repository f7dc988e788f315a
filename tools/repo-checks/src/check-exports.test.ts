import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repoRoot, 'scripts/check-exports.mjs');
const temporaryRoots: string[] = [];

function runCheck(root: string) {
  const result = spawnSync(process.execPath, [script, root, '--json'], { encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { unused: string[]; staleAllowances: string[] };
  return { status: result.status, ...report };
}

const sourceEntry = (file: string) => ({
  '@agentbridge/source': `./src/${file}.ts`,
  default: `./dist/${file}.js`,
});

/** Two workspace packages, `alpha` (with a barrel and a sub-path export) and `beta`, plus `files`. */
function fixtureRepo(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-'));
  temporaryRoots.push(root);
  const manifests: Record<string, unknown> = {
    'packages/alpha/package.json': {
      name: '@agentbridge/alpha',
      exports: { '.': sourceEntry('index'), './extra': sourceEntry('extra') },
    },
    'apps/beta/package.json': { name: '@agentbridge/beta', exports: { '.': sourceEntry('index') } },
  };
  for (const [file, manifest] of Object.entries(manifests)) files[file] = JSON.stringify(manifest);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('unused exports', () => {
  it('lists exports no other file imports; a barrel re-export alone keeps nothing alive', () => {
    const root = fixtureRepo({
      'packages/alpha/src/index.ts': "export { used, unusedThroughIndex } from './tools.js';\n",
      'packages/alpha/src/tools.ts': [
        'export function used() { return onlyHere(); }',
        'export function unusedThroughIndex() {}',
        'export const onlyHere = () => 1;',
        'export type Options = { a: number };',
        'export { renamed as local };',
        'const renamed = 2;',
        '/** import { neverImported } from "./tools.js" in a comment imports nothing */',
        'export const neverImported = 3;',
        '',
      ].join('\n'),
      'apps/beta/src/index.ts': "import { used } from '@agentbridge/alpha';\nused();\n",
    });
    const { status, unused } = runCheck(root);
    expect(status).toBe(1);
    expect(unused).toEqual([
      'packages/alpha/src/index.ts: unusedThroughIndex',
      'packages/alpha/src/tools.ts: Options',
      'packages/alpha/src/tools.ts: local',
      'packages/alpha/src/tools.ts: neverImported',
      'packages/alpha/src/tools.ts: onlyHere',
      'packages/alpha/src/tools.ts: unusedThroughIndex',
    ]);
  });

  it('counts type, namespace, default, star, sub-path, dynamic and bin (dist) imports, tests included', () => {
    const root = fixtureRepo({
      'packages/alpha/src/index.ts':
        "export * from './star.js';\nexport type { Shape } from './shape.js';\n",
      'packages/alpha/src/star.ts': 'export const starred = 1;\nexport const starredUnused = 2;\n',
      'packages/alpha/src/shape.ts': 'export type Shape = { side: number };\n',
      'packages/alpha/src/extra.ts': 'export default function extra() {}\n',
      'packages/alpha/src/lazy.ts':
        'export function lazyUsed() {}\nexport function lazyUnused() {}\n',
      'packages/alpha/src/spaced.ts':
        'export const viaNamespace = 1;\nexport const notViaNamespace = 2;\n',
      'packages/alpha/src/helper.ts': 'export function helper() {}\n',
      'packages/alpha/src/helper.test.ts': "import { helper } from './helper.js';\nhelper();\n",
      'packages/alpha/src/__fixtures__/fixture.ts': 'export const fixtureOnly = 1;\n',
      'apps/beta/src/index.ts': [
        "import type { Shape } from '@agentbridge/alpha';",
        "import { starred } from '@agentbridge/alpha';",
        "import extra from '@agentbridge/alpha/extra';",
        "import * as spaced from '../../../packages/alpha/src/spaced.js';",
        'export const value: Shape = { side: starred + spaced.viaNamespace };',
        "export async function load() { const lazy = await import('../../../packages/alpha/src/lazy.js'); lazy.lazyUsed(); extra(); }",
        '',
      ].join('\n'),
      'apps/beta/bin/beta.mjs': "import { value, load } from '../dist/index.js';\nload(value);\n",
    });
    const { status, unused } = runCheck(root);
    // A name a barrel re-exports with `export *` is reported where it is declared.
    expect(unused).toEqual([
      'packages/alpha/src/lazy.ts: lazyUnused',
      'packages/alpha/src/spaced.ts: notViaNamespace',
      'packages/alpha/src/star.ts: starredUnused',
    ]);
    expect(status).toBe(1);
  });

  it('passes with every unused export allowed for a reason, and fails on stale allowances', () => {
    const files = {
      'packages/alpha/src/index.ts': "export { kept } from './kept.js';\n",
      'packages/alpha/src/kept.ts': 'export const kept = 1;\n',
    };
    const allow = (entries: Record<string, Record<string, string>>) =>
      JSON.stringify({ $comment: 'kept on purpose', ...entries });
    const publicApi = {
      'packages/alpha/src/index.ts': { kept: 'public API for other tools' },
      'packages/alpha/src/kept.ts': { kept: 'exported through the index' },
    };
    expect(
      runCheck(fixtureRepo({ ...files, 'scripts/check-exports-allow.json': allow(publicApi) })),
    ).toEqual({ status: 0, unused: [], staleAllowances: [] });

    const stale = runCheck(
      fixtureRepo({
        ...files,
        'apps/beta/src/index.ts':
          "import { kept } from '@agentbridge/alpha';\nexport default kept;\n",
        'scripts/check-exports-allow.json': allow({
          ...publicApi,
          'apps/beta/src/index.ts': { default: '', gone: 'was removed' },
        }),
      }),
    );
    expect(stale.status).toBe(1);
    expect(stale.unused).toEqual([]);
    expect(stale.staleAllowances).toEqual([
      'packages/alpha/src/index.ts: kept (imported, no longer needs an entry)',
      'packages/alpha/src/kept.ts: kept (imported, no longer needs an entry)',
      'apps/beta/src/index.ts: default (no reason given)',
      'apps/beta/src/index.ts: gone (not exported)',
    ]);
  });

  it('follows `export type *` through barrels that re-export each other, and allows whole library folders', () => {
    const files = {
      'packages/alpha/src/index.ts':
        "export * from './contracts.js';\nexport * from './model/message.js';\n",
      'packages/alpha/src/contracts.ts':
        "export type * from './index.js';\nexport const helper = 1;\n",
      'packages/alpha/src/model/message.ts':
        'export type Message = { type: string };\nexport type Spare = number;\n',
      'apps/beta/src/index.ts':
        "import type { Message } from '@agentbridge/alpha';\nexport const m: Message[] = [];\n",
      'apps/beta/src/use.ts': "import { m } from './index.js';\nconsole.log(m);\n",
    };
    expect(runCheck(fixtureRepo({ ...files })).unused).toEqual([
      'packages/alpha/src/contracts.ts: helper',
      'packages/alpha/src/model/message.ts: Spare',
    ]);
    const allow = JSON.stringify({ 'packages/alpha/src/model/': { '*': 'a public library' } });
    expect(
      runCheck(fixtureRepo({ ...files, 'scripts/check-exports-allow.json': allow })).unused,
    ).toEqual(['packages/alpha/src/contracts.ts: helper']);
  });
});
