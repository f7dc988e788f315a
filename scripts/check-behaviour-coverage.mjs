#!/usr/bin/env node
// Checks that every behaviour of docs/behaviour.md is pinned by a test: each item id (`H-11`) and
// each scenario (`seed#12`) must be cited by the name of an `it`/`test`/`describe` in some
// `*.test.ts` of packages, apps, tools or examples, unless the catalogue marks it
// `not applicable: <reason>`. Also fails on test names citing an id the catalogue does not define.
// Usage: node scripts/check-behaviour-coverage.mjs [repoRoot] [--json]. Exits 1 listing each gap.
import fs from 'node:fs';
import path from 'node:path';

const argumentList = process.argv.slice(2);
const json = argumentList.includes('--json');
const root = path.resolve(
  argumentList.find((argument) => !argument.startsWith('--')) ??
    path.join(import.meta.dirname, '..'),
);

/**
 * The catalogue's entries: `<a id="H-11"></a>**H-11** statement` and `<a id="seed-12"></a>**seed#12**
 * statement`; an entry whose statement starts with `not applicable:` (and a reason) needs no test.
 */
function readCatalogue(text) {
  const entries = [];
  const problems = [];
  const anchor = /^- <a id="([A-Z]{1,3}-\d{2}|seed-\d+)"><\/a>\*\*([^*]+)\*\*(.*)$/;
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.includes('<a id=')) continue;
    const match = anchor.exec(line);
    if (!match) {
      problems.push(
        `docs/behaviour.md:${index + 1}: an anchor not in the form - <a id="X"></a>**X** ...`,
      );
      continue;
    }
    const [, id, label, rest] = match;
    const key = id.startsWith('seed-') ? `seed#${id.slice(5)}` : id;
    if (label !== key)
      problems.push(`docs/behaviour.md:${index + 1}: anchor ${id} labelled ${label}`);
    const statement = rest.trim();
    const notApplicable = /^not applicable:\s*\S/.test(statement);
    if (statement === '' || /^not applicable:\s*$/.test(statement))
      problems.push(`docs/behaviour.md:${index + 1}: ${key} has no statement or reason`);
    if (entries.some((entry) => entry.key === key))
      problems.push(`docs/behaviour.md:${index + 1}: ${key} is defined twice`);
    entries.push({ key, notApplicable });
  }
  return { entries, problems };
}

function testFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The string literal opening at `start`, and the index after it. */
function readString(text, start) {
  const quote = text[start];
  let value = '';
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === quote) return { value, end: index + 1 };
    if (text[index] === '\\') index += 1;
    value += text[index] ?? '';
  }
  return undefined;
}

/** The index after the bracketed group opening at `open` (strings and comments skipped), or -1. */
function skipGroup(text, open) {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const character = text[index];
    if (character === "'" || character === '"' || character === '`') {
      const string = readString(text, index);
      if (string === undefined) return -1;
      index = string.end - 1;
    } else if (character === '/' && text[index + 1] === '/') {
      index = text.indexOf('\n', index);
      if (index < 0) return -1;
    } else if ('([{'.includes(character)) depth += 1;
    else if (')]}'.includes(character)) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Titles of `it`, `test` and `describe` calls, `.each(table)(title)`, `.skipIf(c)(title)` and modifiers included. */
function titlesOf(text) {
  const titles = [];
  for (const call of text.matchAll(/(?<![.\w$])(?:it|test|describe)((?:\.\w+)*)\(/g)) {
    let index = call.index + call[0].length - 1;
    if (/\.(?:each|skipIf|runIf)\b/.test(call[1])) {
      index = skipGroup(text, index);
      while (/\s/.test(text[index] ?? '')) index += 1;
      if (index < 0 || text[index] !== '(') continue;
    }
    index += 1;
    while (/\s/.test(text[index] ?? '')) index += 1;
    if (!`'"\``.includes(text[index] ?? 'x')) continue;
    const title = readString(text, index);
    if (title !== undefined) titles.push(title.value);
  }
  return titles;
}

/** The test titles of the repo's `*.test.ts` files in packages, apps, tools and examples. */
function readTestNames(repoRoot) {
  const names = [];
  for (const workspace of ['packages', 'apps', 'tools', 'examples']) {
    for (const file of testFiles(path.join(repoRoot, workspace))) {
      for (const name of titlesOf(fs.readFileSync(file, 'utf8')))
        names.push({ file: path.relative(repoRoot, file), name });
    }
  }
  return names;
}

/** Ids (`PM-04`) and scenarios (`seed#12`) a test name cites. */
function citationsOf(name) {
  const ids = [...name.matchAll(/(?<![A-Za-z0-9-])([A-Z]{1,3}-\d{2})(?!\d)/g)].map((m) => m[1]);
  const scenarios = [...name.matchAll(/seed#(\d+)(?!\d)/g)].map((m) => `seed#${m[1]}`);
  return [...ids, ...scenarios];
}

/** The catalogue's problems, its uncited entries, and citations of ids it does not define. */
function checkCoverage(repoRoot) {
  if (!fs.existsSync(path.join(repoRoot, 'docs/behaviour.md')))
    return {
      entries: 0,
      names: 0,
      problems: ['docs/behaviour.md is missing'],
      uncited: [],
      unknown: [],
    };
  const { entries, problems } = readCatalogue(
    fs.readFileSync(path.join(repoRoot, 'docs/behaviour.md'), 'utf8'),
  );
  const names = readTestNames(repoRoot);
  const cited = new Map();
  for (const { file, name } of names) {
    for (const key of citationsOf(name)) {
      if (!cited.has(key)) cited.set(key, `${file}: ${name}`);
    }
  }
  const known = new Set(entries.map((entry) => entry.key));
  const uncited = entries
    .filter((entry) => !entry.notApplicable && !cited.has(entry.key))
    .map((entry) => entry.key);
  const unknown = [...cited]
    .filter(([key]) => !known.has(key))
    .map(([key, where]) => `${key} (${where})`);
  return { entries: entries.length, names: names.length, problems, uncited, unknown };
}

const report = checkCoverage(root);
const failed = report.problems.length + report.uncited.length + report.unknown.length > 0;
if (json) console.log(JSON.stringify(report));
else {
  console.log(
    `Behaviour coverage: ${report.entries - report.uncited.length}/${report.entries} entries of docs/behaviour.md cited by a test or not applicable (${report.names} test names).`,
  );
  for (const problem of report.problems) console.error(`catalogue: ${problem}`);
  if (report.uncited.length > 0)
    console.error(`not cited by any test name: ${report.uncited.join(' ')}`);
  for (const unknown of report.unknown)
    console.error(`cited by a test but not in the catalogue: ${unknown}`);
}
process.exitCode = failed ? 1 : 0;
