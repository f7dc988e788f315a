#!/usr/bin/env node
// Deletes build output (dist, the CLI's bundle, .turbo) in every workspace package.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
for (const group of ['packages', 'apps', 'tools', 'examples']) {
  const groupDir = path.join(root, group);
  if (!fs.existsSync(groupDir)) continue;
  for (const name of fs.readdirSync(groupDir)) {
    for (const output of ['dist', 'bundle', '.turbo']) {
      fs.rmSync(path.join(groupDir, name, output), { recursive: true, force: true });
    }
  }
}
fs.rmSync(path.join(root, '.turbo'), { recursive: true, force: true });
