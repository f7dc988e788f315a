import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repoRoot, 'scripts/check-cycles.mjs');
const temporaryRoots: string[] = [];

/** A repository of `files` (paths from its root); the check's result on it. */
function runCheck(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  temporaryRoots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

afterEach(() => {
  for (const root of temporaryRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('import cycles', () => {
  it('fails on a cycle of type-only imports and lists it', () => {
    const result = runCheck({
      'packages/alpha/src/state.ts':
        "import type { Gate } from './gate.js';\nexport type State = { gates: Gate[] };\n",
      'packages/alpha/src/gate.ts':
        "import type { State } from './state.js';\nexport type Gate = (state: State) => void;\n",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'import cycle: packages/alpha/src/gate.ts → packages/alpha/src/state.ts → packages/alpha/src/gate.ts',
    );
    expect(result.stderr).toContain('1 import cycle(s)');
  });

  it('counts type re-exports and inline type specifiers', () => {
    const result = runCheck({
      'apps/beta/src/index.ts': "export type * from './contracts.js';\n",
      'apps/beta/src/contracts.ts':
        "export type { Setup } from './index.js';\nexport type Light = { name: string };\n",
      'apps/beta/src/command.ts':
        "import { type Run } from './cli.js';\nexport const command = (run: Run) => run;\n",
      'apps/beta/src/cli.ts':
        "import { type command } from './command.js';\nexport type Run = typeof command;\n",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'apps/beta/src/contracts.ts → apps/beta/src/index.ts → apps/beta/src/contracts.ts',
    );
    expect(result.stderr).toContain(
      'apps/beta/src/cli.ts → apps/beta/src/command.ts → apps/beta/src/cli.ts',
    );
  });

  it('passes when the shared types live in a leaf module, and leaves tests and fixtures out', () => {
    const result = runCheck({
      'packages/alpha/src/gate.ts':
        "import type { State } from './state.js';\nexport type Gate = (state: State) => void;\n",
      'packages/alpha/src/state.ts': 'export type State = { gates: (() => void)[] };\n',
      'packages/alpha/src/run-gates.ts':
        "import type { Gate } from './gate.js';\nexport const run = (gate: Gate) => gate({ gates: [] });\n",
      'packages/alpha/src/gate.test.ts': "import './state.test.js';\n",
      'packages/alpha/src/state.test.ts': "import './gate.test.js';\n",
      'packages/alpha/src/__fixtures__/harness.ts': "import './agent.js';\n",
      'packages/alpha/src/__fixtures__/agent.ts': "import './harness.js';\n",
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no import cycle among 3 modules');
  });
});
