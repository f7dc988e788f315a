import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repoRoot, 'scripts/check-layers.mjs');
const temporaryRoots: string[] = [];

function runCheck(root: string) {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

function writePackage(
  root: string,
  dir: string,
  name: string,
  files: Record<string, string>,
  dependencies: Record<string, string> = {},
) {
  const packageDir = path.join(root, dir);
  fs.mkdirSync(path.join(packageDir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name, dependencies }));
  for (const [file, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(packageDir, 'src', file), text);
  }
}

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('layer direction', () => {
  it('passes on this repository', () => {
    const result = runCheck(repoRoot);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when a lower layer imports a higher one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    temporaryRoots.push(root);
    writePackage(root, 'packages/core', '@agentbridge/core', {
      'index.ts': "import { createAcpBridgeTransport } from '@agentbridge/host-node';\n",
    });
    writePackage(
      root,
      'packages/bridge-acp',
      '@agentbridge/bridge-acp',
      { 'index.ts': '' },
      {
        '@agentbridge/cli': 'workspace:*',
      },
    );
    const result = runCheck(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'packages/core/src/index.ts: @agentbridge/core must not import @agentbridge/host-node',
    );
    expect(result.stderr).toContain('@agentbridge/bridge-acp must not depend on @agentbridge/cli');
  });

  it('lets tests use the test kit but not production code', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    temporaryRoots.push(root);
    writePackage(root, 'packages/bridge-acp', '@agentbridge/bridge-acp', {
      'a.test.ts': "import { createFakeAcpAgent } from '@agentbridge/test-kit';\n",
      'b.ts': "import { createFakeAcpAgent } from '@agentbridge/test-kit';\n",
    });
    const result = runCheck(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('b.ts');
    expect(result.stderr).not.toContain('a.test.ts');
  });
});
