#!/usr/bin/env node
// Lists the exports of packages/*/src and apps/*/src (production files) that no other file of the
// repository imports. Name-based: an `import { name } from '<specifier>'` (or `import type`, a
// namespace `ns.name`, a dynamic `import()` whose file mentions the name) uses `name` of the file
// the specifier resolves to (relative paths, `dist/` mapped to `src/`, and `@agentbridge/*` through
// package.json `exports`). A re-export (`export { name } from`, `export *`) is a use only when the
// re-exported name is itself used, so a package's `index.ts` keeps nothing alive on its own.
// Exports kept on purpose are listed in scripts/check-exports-allow.json as
// { "<file>": { "<name>": "<reason>" } } (or { "<folder>/": { "*": "<reason>" } } for a public
// library folder); an entry that is no longer needed fails the check too.
// Usage: node scripts/check-exports.mjs [repoRoot] [--json]. Exits 1 listing each unused export.
import fs from 'node:fs';
import path from 'node:path';

const argumentList = process.argv.slice(2);
const json = argumentList.includes('--json');
const root = path.resolve(
  argumentList.find((argument) => !argument.startsWith('--')) ??
    path.join(import.meta.dirname, '..'),
);
const allowFile = path.join(root, 'scripts/check-exports-allow.json');
const skipped = new Set(['node_modules', 'dist', 'bundle', '.git', '.turbo', 'coverage']);

function sourceFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

function isProduction(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return (
    /^(packages|apps)\/[^/]+\/src\//.test(relative) &&
    !/\.test(-d)?\.|\/__fixtures__\/|\/__snapshots__\//.test(relative)
  );
}

/** The text without block comments and whole-line `//` comments (TSDoc examples import nothing). */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** `a, type b as c` → [{ imported: 'a', local: 'a' }, { imported: 'b', local: 'c' }]. */
function specifiers(list) {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported: imported.trim(), local: (local ?? imported).trim() };
    });
}

const workspacePackages = new Map();
for (const workspace of ['packages', 'apps', 'tools', 'examples']) {
  const directory = path.join(root, workspace);
  if (!fs.existsSync(directory)) continue;
  for (const name of fs.readdirSync(directory)) {
    const manifestFile = path.join(directory, name, 'package.json');
    if (!fs.existsSync(manifestFile)) continue;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    workspacePackages.set(manifest.name, { directory: path.join(directory, name), manifest });
  }
}

/** The existing source file `candidate` names (`.js` → `.ts`, `dist/` → `src/`, a folder's index). */
function existingSource(candidate) {
  const bases = [candidate];
  const distToSrc = candidate.replace(/([/\\])dist([/\\])/, '$1src$2');
  if (distToSrc !== candidate) bases.push(distToSrc);
  for (const base of bases) {
    const stem = base.replace(/\.(js|mjs|cjs|ts|mts|cts|tsx)$/, '');
    for (const file of [
      base,
      `${stem}.ts`,
      `${stem}.tsx`,
      `${stem}.mts`,
      `${stem}.js`,
      `${stem}.mjs`,
      path.join(base, 'index.ts'),
    ]) {
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
    }
  }
  return undefined;
}

function exportTarget(entry) {
  if (typeof entry === 'string') return entry;
  if (entry === null || typeof entry !== 'object') return undefined;
  for (const condition of ['@agentbridge/source', 'import', 'default', 'types']) {
    const target = exportTarget(entry[condition]);
    if (target !== undefined) return target;
  }
  return undefined;
}

/** The file `specifier` (imported from `fromFile`) resolves to, or undefined (npm packages). */
function resolve(specifier, fromFile) {
  if (specifier.startsWith('.'))
    return existingSource(path.resolve(path.dirname(fromFile), specifier));
  const match = /^(@agentbridge\/[^/]+)(\/.*)?$/.exec(specifier);
  const workspacePackage = match && workspacePackages.get(match[1]);
  if (!workspacePackage) return undefined;
  const subpath = `.${match[2] ?? ''}`;
  const exportsField = workspacePackage.manifest.exports;
  const entry =
    exportsField === undefined
      ? workspacePackage.manifest.main
      : typeof exportsField === 'string' || subpath !== '.'
        ? (exportsField[subpath] ?? (subpath === '.' ? exportsField : undefined))
        : (exportsField['.'] ?? exportsField);
  const target = exportTarget(entry);
  return target && existingSource(path.join(workspacePackage.directory, target));
}

/** What one file exports, re-exports and imports. */
function parseModule(file) {
  const text = stripComments(fs.readFileSync(file, 'utf8'));
  const exports = new Set();
  const reexports = []; // { exported, imported, target } or { star: target }
  const imports = []; // { names: Set | 'all-mentioned', target }
  const declaration =
    /^\s*export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|type|interface|enum)\s+([\w$]+)/gm;
  for (const match of text.matchAll(declaration)) exports.add(match[1]);
  if (/^\s*export\s+default\b/m.test(text)) exports.add('default');
  for (const match of text.matchAll(
    /\bexport\s+(?:type\s+)?\{([^}]*)\}\s*(?:from\s*['"]([^'"]+)['"])?/g,
  )) {
    const target = match[2] === undefined ? undefined : resolve(match[2], file);
    for (const { imported, local } of specifiers(match[1])) {
      exports.add(local);
      if (match[2] !== undefined && target) reexports.push({ exported: local, imported, target });
    }
  }
  for (const match of text.matchAll(
    /\bexport\s+(?:type\s+)?\*\s*(?:as\s+([\w$]+)\s*)?from\s*['"]([^'"]+)['"]/g,
  )) {
    const target = resolve(match[2], file);
    if (match[1] !== undefined) exports.add(match[1]);
    if (target)
      reexports.push(
        match[1] === undefined ? { star: target } : { exported: match[1], all: target },
      );
  }
  const staticImport =
    /\bimport\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(staticImport)) {
    const target = resolve(match[4], file);
    if (!target) continue;
    const names = new Set();
    if (match[1] !== undefined && match[1] !== 'type') names.add('default');
    for (const { imported } of specifiers(match[2] ?? '')) names.add(imported);
    if (match[3] !== undefined) {
      for (const use of text.matchAll(new RegExp(`\\b${match[3]}\\.([\\w$]+)`, 'g')))
        names.add(use[1]);
    }
    imports.push({ names, target });
  }
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolve(match[1], file);
    if (target) imports.push({ mentionedIn: text, target });
  }
  return { exports, reexports, imports };
}

const files = sourceFiles(root);
const modules = new Map(files.map((file) => [file, parseModule(file)]));

/** Marks `name` of `file` used and follows it through re-exports. */
const used = new Map();
function markUsed(file, name) {
  const names = used.get(file) ?? new Set();
  if (names.has(name)) return;
  names.add(name);
  used.set(file, names);
  const module = modules.get(file);
  if (!module) return;
  for (const reexport of module.reexports) {
    if (reexport.star) {
      if (modules.get(reexport.star)?.exports.has(name) || hasStarExport(reexport.star, name))
        markUsed(reexport.star, name);
    } else if (reexport.exported === name) {
      if (reexport.all)
        for (const inner of modules.get(reexport.all)?.exports ?? []) markUsed(reexport.all, inner);
      else markUsed(reexport.target, reexport.imported);
    }
  }
}

function hasStarExport(file, name, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const module = modules.get(file);
  if (!module) return false;
  if (module.exports.has(name)) return true;
  return module.reexports.some(
    (reexport) => reexport.star && hasStarExport(reexport.star, name, seen),
  );
}

function exportsOf(file, seen = new Set()) {
  const names = new Set(modules.get(file)?.exports ?? []);
  if (seen.has(file)) return names;
  seen.add(file);
  for (const reexport of modules.get(file)?.reexports ?? []) {
    if (reexport.star) for (const name of exportsOf(reexport.star, seen)) names.add(name);
  }
  return names;
}

for (const [file, module] of modules) {
  for (const imported of module.imports) {
    if (imported.target === file) continue;
    if (imported.names) for (const name of imported.names) markUsed(imported.target, name);
    else {
      for (const name of exportsOf(imported.target)) {
        if (new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(imported.mentionedIn))
          markUsed(imported.target, name);
      }
    }
  }
}

const allowed = fs.existsSync(allowFile) ? JSON.parse(fs.readFileSync(allowFile, 'utf8')) : {};
/** An entry names a file and an export, or a folder (`dir/`) and `*` for every export under it. */
const isAllowed = (relative, name) =>
  Object.hasOwn(allowed[relative] ?? {}, name) ||
  Object.entries(allowed).some(
    ([key, names]) => key.endsWith('/') && relative.startsWith(key) && Object.hasOwn(names, '*'),
  );
const unused = [];
const staleAllowances = [];
for (const [file, module] of modules) {
  if (!isProduction(file)) continue;
  const relative = path.relative(root, file).split(path.sep).join('/');
  const names = used.get(file) ?? new Set();
  for (const name of module.exports) {
    if (names.has(name)) continue;
    if (isAllowed(relative, name)) continue;
    unused.push(`${relative}: ${name}`);
  }
}
for (const [relative, names] of Object.entries(allowed)) {
  if (relative.startsWith('$')) continue; // "$comment"
  if (relative.endsWith('/')) {
    if (!fs.existsSync(path.join(root, relative)))
      staleAllowances.push(`${relative} (no such folder)`);
    continue;
  }
  const file = path.join(root, relative);
  for (const [name, reason] of Object.entries(names)) {
    if (typeof reason !== 'string' || reason.trim() === '')
      staleAllowances.push(`${relative}: ${name} (no reason given)`);
    else if (!modules.get(file)?.exports.has(name))
      staleAllowances.push(`${relative}: ${name} (not exported)`);
    else if (used.get(file)?.has(name))
      staleAllowances.push(`${relative}: ${name} (imported, no longer needs an entry)`);
  }
}
unused.sort();

if (json) console.log(JSON.stringify({ unused, staleAllowances }));
else {
  console.log(`Export check: ${unused.length} unused export(s) in packages/*/src and apps/*/src.`);
  for (const entry of unused) console.error(`unused export: ${entry}`);
  for (const entry of staleAllowances)
    console.error(`stale entry in scripts/check-exports-allow.json: ${entry}`);
}
process.exitCode = unused.length > 0 || staleAllowances.length > 0 ? 1 : 0;
