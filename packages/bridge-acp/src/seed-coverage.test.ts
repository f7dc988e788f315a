import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-seed-coverage.mjs', import.meta.url));
const seedPath = fileURLToPath(
  new URL('../../../../shared/design/seed-behaviour.md', import.meta.url),
);

describe('seed coverage', () => {
  it('every seed item id and every §3.1 scenario is cited by a test name', () => {
    // CI always checks out `../shared` beside the clone: a missing spec is a setup error, not a
    // reason to pass silently.
    if (!existsSync(seedPath)) {
      throw new Error(
        `The seed specification is missing at ${seedPath}: check out the shared specs beside the repository (../shared) to run the seed-coverage check.`,
      );
    }
    const output = execFileSync('node', [script, seedPath, '--json'], {
      encoding: 'utf8',
    });
    const report = JSON.parse(output) as {
      missingIds: string[];
      missingScenarios: number[];
      ids: number;
      scenarios: number;
    };
    expect(report.ids).toBeGreaterThan(100);
    expect(report.scenarios).toBe(88);
    expect({ missingIds: report.missingIds, missingScenarios: report.missingScenarios }).toEqual({
      missingIds: [],
      missingScenarios: [],
    });
  });
});
