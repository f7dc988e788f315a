#!/usr/bin/env node
// Forbids import cycles among the production modules of packages/*/src and apps/*/src (tests and
// __fixtures__ left out), counting type-only imports, re-exports and dynamic imports: dependency-
// cruiser reads the TypeScript before it is compiled. Usage: node scripts/check-cycles.mjs [repoRoot].
// Exits 1 and lists each cycle once.
import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const roots = ['packages', 'apps'].filter((dir) => fs.existsSync(path.join(root, dir)));

const { output } = await cruise(roots, {
  baseDir: root,
  includeOnly: '^(packages|apps)/[^/]+/src/',
  exclude: { path: '(\\.test\\.ts$|/__fixtures__/)' },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  validate: true,
  ruleSet: {
    forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
  },
});

/** Each cycle once, whichever of its modules it was found from: rotated to its least name. */
const cycles = new Map();
for (const violation of output.summary.violations) {
  if (violation.rule.name !== 'no-circular') continue;
  const modules = [violation.from, ...violation.cycle.map((step) => step.name)].slice(0, -1);
  const start = modules.indexOf([...modules].sort()[0]);
  const rotated = [...modules.slice(start), ...modules.slice(0, start)];
  cycles.set(rotated.join(' → '), [...rotated, rotated[0]].join(' → '));
}
for (const cycle of cycles.values()) console.error(`import cycle: ${cycle}`);
if (cycles.size > 0) {
  console.error(`${cycles.size} import cycle(s); move the shared types to a module outside them.`);
  process.exit(1);
}
console.log(`Cycle check: no import cycle among ${output.summary.totalCruised} modules.`);
