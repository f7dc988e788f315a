import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 5: "the bridge and host contain no vendor names": vendor differences are manifest data.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const scannedPackages = ['packages/bridge-acp/src', 'packages/host-node/src'];
const vendorPattern =
  /\b(gemini|codex|grok|x\.ai|qwen|copilot|kimi|openai|opencode|goose|auggie|cline|mistral|chatgpt|chat-gpt|google)\b/gi;
/**
 * Seed AU-06's generic sign-in vocabulary names the account products agents label logins with;
 * the credential table names whose keys it lists.
 */
const allowed: Record<string, readonly string[]> = {
  'packages/bridge-acp/src/auth/rank-auth-methods.ts': ['chatgpt', 'chat-gpt', 'google'],
  // EV-01: the well-known credential variables, a table keyed by vendor (data, never branched on).
  'packages/host-node/src/vendor-credentials.ts': ['openai', 'google', 'mistral'],
};

function productionFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory())
      return entry.name === '__fixtures__' || entry.name === '__snapshots__'
        ? []
        : productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('quirks are data', () => {
  it('bridge-acp and host-node production code names no vendor', () => {
    const findings: string[] = [];
    for (const packageDirectory of scannedPackages) {
      for (const file of productionFiles(path.join(repoRoot, packageDirectory))) {
        const relative = path.relative(repoRoot, file);
        const exempt = allowed[relative] ?? [];
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            for (const match of line.matchAll(vendorPattern)) {
              if (!exempt.includes(match[0].toLowerCase()))
                findings.push(`${relative}:${index + 1}: ${match[0]}`);
            }
          });
      }
    }
    expect(findings).toEqual([]);
  });
});
