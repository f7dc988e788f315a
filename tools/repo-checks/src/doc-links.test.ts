import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const skipped = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage']);

function markdownFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

describe('documentation links', () => {
  it('every relative link of a markdown file resolves inside the repository', () => {
    const broken: string[] = [];
    for (const file of markdownFiles(root)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = path.resolve(path.dirname(file), target);
        const inside = resolved.startsWith(`${root}${path.sep}`) || resolved === root;
        if (!inside || !fs.existsSync(resolved))
          broken.push(`${path.relative(root, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
