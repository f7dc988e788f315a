import { AssertionError } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileLocation } from './json-lines.js';

/** Options of {@link expectGolden}. */
export type ExpectGoldenOptions = {
  /** Rewrite the golden file. Default: `process.env.UPDATE_GOLDEN === '1'`. */
  readonly update?: boolean;
};

/**
 * Compares `actual` lines with a golden file (one line per entry). When the file is missing, or
 * `UPDATE_GOLDEN=1`, writes it instead and passes. On a mismatch throws an `AssertionError` whose
 * message shows a line diff (`-` golden, `+` actual) and how to update the file.
 */
export function expectGolden(
  actual: readonly string[] | string,
  location: FileLocation,
  options: ExpectGoldenOptions = {},
): void {
  const path = typeof location === 'string' ? location : fileURLToPath(location);
  const actualText =
    typeof actual === 'string' ? actual : actual.map((line) => `${line}\n`).join('');
  const update = options.update ?? process.env.UPDATE_GOLDEN === '1';
  if (update || !existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actualText);
    return;
  }
  const expectedText = readFileSync(path, 'utf8');
  if (expectedText === actualText) return;
  throw new AssertionError({
    message: `golden file differs: ${path}\n${diffLines(expectedText, actualText)}\n(run with UPDATE_GOLDEN=1 to accept the new output)`,
    actual: actualText,
    expected: expectedText,
    operator: 'strictEqual',
  });
}

/** A minimal line diff (longest common subsequence), `-` for golden, `+` for actual lines. */
export function diffLines(expectedText: string, actualText: string): string {
  const expected = splitLines(expectedText);
  const actual = splitLines(actualText);
  const common: number[][] = Array.from({ length: expected.length + 1 }, () =>
    new Array<number>(actual.length + 1).fill(0),
  );
  for (let row = expected.length - 1; row >= 0; row -= 1) {
    for (let column = actual.length - 1; column >= 0; column -= 1) {
      const rowCells = common[row] as number[];
      rowCells[column] =
        expected[row] === actual[column]
          ? (common[row + 1]?.[column + 1] ?? 0) + 1
          : Math.max(common[row + 1]?.[column] ?? 0, rowCells[column + 1] ?? 0);
    }
  }
  const output: string[] = [];
  let row = 0;
  let column = 0;
  while (row < expected.length || column < actual.length) {
    if (row < expected.length && column < actual.length && expected[row] === actual[column]) {
      output.push(`  ${expected[row]}`);
      row += 1;
      column += 1;
    } else if (
      row < expected.length &&
      (column === actual.length ||
        (common[row + 1]?.[column] ?? 0) >= (common[row]?.[column + 1] ?? 0))
    ) {
      output.push(`- ${expected[row]}`);
      row += 1;
    } else {
      output.push(`+ ${actual[column]}`);
      column += 1;
    }
  }
  return output.join('\n');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
