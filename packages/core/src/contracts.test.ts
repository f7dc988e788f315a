import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDirectory = dirname(fileURLToPath(import.meta.url));
const importPattern =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;

/** Every package imported at run time (type-only imports skipped) by `entry` and its relative imports. */
function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) {
        pending.push(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      } else {
        packages.add(specifier);
      }
    }
  }
  return packages;
}

describe('@agentbridge/core/contracts', () => {
  it('loads no package at run time (no zod; tsyringe is only a type import)', () => {
    expect([...runtimePackages(join(sourceDirectory, 'contracts.ts'))]).toEqual([]);
  });

  it('the import scan sees zod behind the full entry point', () => {
    expect(runtimePackages(join(sourceDirectory, 'index.ts')).has('zod')).toBe(true);
  });

  it('every contracts export is also exported by the package index', async () => {
    const contracts = await import('./contracts.js');
    const index: Record<string, unknown> = await import('./index.js');
    for (const [name, value] of Object.entries(contracts)) expect(index[name]).toBe(value);
  });
});
