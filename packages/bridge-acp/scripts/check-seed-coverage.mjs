#!/usr/bin/env node
// Lists every seed item id (A P H AU S PR ST N T PM C U R F families, and X-01) and every §3.1
// scenario number of seed-behaviour.md that no test name of this package cites, and exits 1 if any.
// Usage: node scripts/check-seed-coverage.mjs [path/to/seed-behaviour.md] [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const families = ['A', 'P', 'H', 'AU', 'S', 'PR', 'ST', 'N', 'T', 'PM', 'C', 'U', 'R', 'F'];
const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const argumentsList = process.argv.slice(2);
const json = argumentsList.includes('--json');
const seedPath =
  argumentsList.find((argument) => !argument.startsWith('--')) ??
  process.env.SEED_BEHAVIOUR ??
  fileURLToPath(new URL('../../../../shared/design/seed-behaviour.md', import.meta.url));

/** Item ids (`**H-11`) and §3.1 scenario numbers of the seed inventory. */
export function readSeedInventory(text) {
  const ids = new Set();
  for (const match of text.matchAll(/\*\*([A-Z]{1,2})-(\d{2})\b/g)) {
    const [, family, number] = match;
    if (families.includes(family) || `${family}-${number}` === 'X-01')
      ids.add(`${family}-${number}`);
  }
  const section = text.split(/^### 3\.1 /m)[1]?.split(/^### 3\.2 /m)[0] ?? '';
  const scenarios = new Set();
  for (const match of section.matchAll(/^(\d+)\.\s/gm)) scenarios.add(Number(match[1]));
  return { ids: [...ids], scenarios: [...scenarios].sort((left, right) => left - right) };
}

function testFiles(directory) {
  const found = [];
  for (const entry of readdirSync(directory)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) found.push(...testFiles(path));
    else if (entry.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The names given to `it`, `test` and `describe` in the package's test files. */
export function readTestNames(root) {
  const names = [];
  const pattern = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs;
  for (const file of testFiles(join(root, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) names.push(match[2]);
  }
  return names;
}

const { ids, scenarios } = readSeedInventory(readFileSync(seedPath, 'utf8'));
const names = readTestNames(packageRoot);
const cited = names.join('\n');
const missingIds = ids.filter((id) => !new RegExp(`(^|[^A-Z0-9-])${id}(?![0-9])`, 'm').test(cited));
const missingScenarios = scenarios.filter(
  (number) => !new RegExp(`seed#${number}(?![0-9])`).test(cited),
);

if (json) {
  console.log(
    JSON.stringify({ ids: ids.length, scenarios: scenarios.length, missingIds, missingScenarios }),
  );
} else {
  console.log(
    `seed items: ${ids.length - missingIds.length}/${ids.length} cited; scenarios: ${scenarios.length - missingScenarios.length}/${scenarios.length} cited (${names.length} test names)`,
  );
  if (missingIds.length > 0) console.log(`items without a test: ${missingIds.join(' ')}`);
  if (missingScenarios.length > 0)
    console.log(
      `scenarios without a test: ${missingScenarios.map((number) => `seed#${number}`).join(' ')}`,
    );
}
process.exitCode = missingIds.length > 0 || missingScenarios.length > 0 ? 1 : 0;
