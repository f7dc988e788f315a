#!/usr/bin/env node
// Counts the production lines of packages/*/src and apps/*/src (no tests, type tests, fixtures,
// snapshots or JSON data), per package, and lists the files over the per-file limit.
// The budget is the sum of the entries of scripts/line-budget.json, each with what it pays for
// (10,000 when the file is absent): a capability that adds code says so there, with its cost.
// Usage: node scripts/count-lines.mjs [repoRoot]. Exits 1 over the budget or 300 lines in a file.
import fs from 'node:fs';
import path from 'node:path';

const fileLimit = 300;
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const budgetFile = path.join(root, 'scripts/line-budget.json');
const ledger = fs.existsSync(budgetFile)
  ? JSON.parse(fs.readFileSync(budgetFile, 'utf8')).budget
  : [{ lines: 10_000, for: 'default' }];
const totalLimit = ledger.reduce((sum, entry) => sum + entry.lines, 0);

function productionFiles(directory) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return ['node_modules', '__fixtures__', '__snapshots__'].includes(entry.name)
        ? []
        : productionFiles(full);
    return /\.test\.|\.test-d\.|\.jsonl?$/.test(entry.name) ? [] : [full];
  });
}

/** Lines as `wc -l` counts them: newline characters, plus an unterminated last line. */
function lineCount(file) {
  const text = fs.readFileSync(file, 'utf8');
  const newlines = text.split('\n').length - 1;
  return text === '' || text.endsWith('\n') ? newlines : newlines + 1;
}

const packages = ['packages', 'apps']
  .map((workspace) => path.join(root, workspace))
  .filter((workspace) => fs.existsSync(workspace))
  .flatMap((workspace) => fs.readdirSync(workspace).map((name) => path.join(workspace, name)))
  .filter((directory) => fs.existsSync(path.join(directory, 'src')))
  .sort();

let total = 0;
const longFiles = [];
for (const directory of packages) {
  let subtotal = 0;
  for (const file of productionFiles(path.join(directory, 'src'))) {
    const lines = lineCount(file);
    subtotal += lines;
    if (lines > fileLimit) longFiles.push({ lines, file: path.relative(root, file) });
  }
  total += subtotal;
  console.log(`${String(subtotal).padStart(6)} ${path.relative(root, directory)}/src`);
}
console.log(`${String(total).padStart(6)} production lines in all (budget ${totalLimit})`);
for (const entry of ledger)
  console.log(`  budget ${String(entry.lines).padStart(6)}: ${entry.for}`);
for (const { lines, file } of longFiles.sort((left, right) => right.lines - left.lines))
  console.log(`over ${fileLimit} lines: ${lines} ${file}`);
if (total > totalLimit) console.error(`Line count failed: ${total} lines, over ${totalLimit}.`);
if (longFiles.length > 0)
  console.error(`Line count failed: ${longFiles.length} file(s) over ${fileLimit} lines.`);
process.exitCode = total > totalLimit || longFiles.length > 0 ? 1 : 0;
