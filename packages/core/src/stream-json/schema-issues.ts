import type { z } from 'zod';

/** One problem found by a schema, with the path from the checked value to the bad field. */
export type SchemaIssue = {
  readonly path: readonly PropertyKey[];
  readonly message: string;
};

type RawIssue = z.core.$ZodIssue;

function depthOf(issues: readonly RawIssue[]): number {
  return Math.max(0, ...issues.map((issue) => issue.path.length));
}

/**
 * Flattens zod issues into path + message pairs. A failed union reports the branch that got
 * furthest into the value (`content.0.name` rather than a bare "Invalid input" on `content`).
 */
export function toSchemaIssues(issues: readonly RawIssue[]): SchemaIssue[] {
  return issues.flatMap((issue): SchemaIssue[] => {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const branches = issue.errors.filter((branch) => branch.length > 0);
      const deepest = branches.reduce<readonly RawIssue[] | undefined>(
        (best, branch) => (best === undefined || depthOf(branch) > depthOf(best) ? branch : best),
        undefined,
      );
      if (deepest !== undefined) {
        return toSchemaIssues(deepest).map((nested) => ({
          path: [...issue.path, ...nested.path],
          message: nested.message,
        }));
      }
    }
    return [{ path: issue.path, message: issue.message }];
  });
}
