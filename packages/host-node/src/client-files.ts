import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HostOperations } from './host-operations.js';

/** The real path of `target`, or of its nearest existing ancestor with the rest appended. */
async function realPathOf(target: string): Promise<string> {
  try {
    return await realpath(target);
  } catch (error) {
    const parent = path.dirname(target);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === target) throw error;
    return path.join(await realPathOf(parent), path.basename(target));
  }
}

/**
 * CF-05: `target` resolved inside one of the session's directories (its cwd and `--add-dir`s),
 * symbolic links followed; anything else is refused.
 */
export async function resolveInside(roots: readonly string[], target: unknown): Promise<string> {
  if (typeof target !== 'string' || !path.isAbsolute(target))
    throw new Error(`The path must be absolute: ${String(target)}`);
  const real = await realPathOf(path.resolve(target));
  for (const root of roots) {
    const base = await realPathOf(root);
    const relative = path.relative(base, real);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) return real;
  }
  throw new Error(
    `Access denied: ${target} is outside the session's directories (${roots.join(', ')}).`,
  );
}

/**
 * CF-05: ACP's `fs/read_text_file` (`line` is 1-based, `limit` a number of lines) and
 * `fs/write_text_file` (missing parent directories are made) on real files inside `roots`.
 */
export function createClientFiles(
  roots: readonly string[],
): Pick<HostOperations, 'fs/read_text_file' | 'fs/write_text_file'> {
  return {
    'fs/read_text_file': async ({ path: target, line, limit }) => {
      const text = await readFile(await resolveInside(roots, target), 'utf8');
      if (line == null && limit == null) return { content: text };
      const start = Math.max(0, (line ?? 1) - 1);
      const lines = text.split('\n').slice(start, limit == null ? undefined : start + limit);
      return { content: lines.join('\n') };
    },
    'fs/write_text_file': async ({ path: target, content }) => {
      const file = await resolveInside(roots, target);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, 'utf8');
      return {};
    },
  };
}
