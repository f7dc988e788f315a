#!/usr/bin/env node
// Enforces the dependency direction of the workspace:
//   core <- bridge-acp <- host-node <- cli,  core <- backend-* <- cli,  test-kit is test-only.
// Checks both package.json dependencies and the `@agentbridge/*` imports found in each package's
// source files. Usage: node scripts/check-layers.mjs [repoRoot]. Exits 1 and lists every violation.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

/** For each package: the workspace packages it may depend on at run time. */
const allowed = {
  '@agentbridge/core': [],
  '@agentbridge/bridge-acp': ['@agentbridge/core'],
  '@agentbridge/backend-gemini': ['@agentbridge/core'],
  '@agentbridge/backend-codex': ['@agentbridge/core'],
  '@agentbridge/backend-qwen': ['@agentbridge/core'],
  '@agentbridge/backend-claude-acp': ['@agentbridge/core'],
  '@agentbridge/backend-grok': ['@agentbridge/core'],
  '@agentbridge/host-node': ['@agentbridge/core', '@agentbridge/bridge-acp'],
  agentbridge: [
    '@agentbridge/core',
    '@agentbridge/bridge-acp',
    '@agentbridge/host-node',
    '@agentbridge/backend-gemini',
    '@agentbridge/backend-codex',
    '@agentbridge/backend-qwen',
    '@agentbridge/backend-claude-acp',
    '@agentbridge/backend-grok',
  ],
  '@agentbridge/test-kit': ['@agentbridge/core'],
};
/** Packages any package may use in its tests (devDependencies, `*.test.ts`). */
const testOnly = ['@agentbridge/test-kit'];

const workspaceDirs = ['packages', 'apps', 'tools', 'examples']
  .map((dir) => path.join(root, dir))
  .filter((dir) => fs.existsSync(dir))
  .flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)))
  .filter((dir) => fs.existsSync(path.join(dir, 'package.json')));

const violations = [];
const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](@agentbridge\/[a-z0-9-]+)/g;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

for (const dir of workspaceDirs) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const rules = allowed[manifest.name];
  if (!rules) continue; // private tools (e2e, examples) may use anything
  const relative = path.relative(root, dir);
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (dependency.startsWith('@agentbridge/') && !rules.includes(dependency)) {
      violations.push(
        `${relative}/package.json: ${manifest.name} must not depend on ${dependency}`,
      );
    }
  }
  for (const file of sourceFiles(path.join(dir, 'src'))) {
    const isTest = /\.(e2e\.)?test(-d)?\.ts$/.test(file) || file.includes('__fixtures__');
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const imported = match[1];
      if (imported === manifest.name || rules.includes(imported)) continue;
      if (isTest && testOnly.includes(imported)) continue;
      violations.push(`${path.relative(root, file)}: ${manifest.name} must not import ${imported}`);
    }
  }
}

if (violations.length > 0) {
  console.error(`Layer check failed (${violations.length}):\n  ${violations.join('\n  ')}`);
  console.error(
    'Allowed direction: core <- bridge-acp <- host-node <- cli; core <- backend-* <- cli.',
  );
  process.exit(1);
}
console.log(`Layer check passed (${workspaceDirs.length} packages).`);
