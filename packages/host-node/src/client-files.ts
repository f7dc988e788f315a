import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { HostOperations } from './host-operations.js';

/** The real path of `target`, or of its nearest existing ancestor with the rest appended. */
async function realPathOf(target: string): Promise<string> {
  try {
    return await realpath(target);
  } catch (error) {
    const parent = path.dirname(target);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === target) throw error;
    if (
      await lstat(target).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`Access denied: ${target} is a symbolic link to a missing file.`);
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
    if (
      relative === '' ||
      (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
    )
      return real;
  }
  throw new Error(
    `Access denied: ${target} is outside the session's directories (${roots.join(', ')}).`,
  );
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_NOFOLLOW, O_NONBLOCK } = constants;

/**
 * CF-07: opens `file` without following a link in its last component and without blocking
 * (a FIFO never hangs), and uses it only when it is a regular file, through the same descriptor.
 * A write truncates only after the check, so a device or pipe is never touched.
 */
async function withRegularFile<T>(
  file: string,
  mode: 'r' | 'w',
  use: (handle: import('node:fs/promises').FileHandle) => Promise<T>,
): Promise<T> {
  const flags = (mode === 'r' ? O_RDONLY : O_WRONLY | O_CREAT) | O_NOFOLLOW | O_NONBLOCK;
  const handle = await open(file, flags, 0o666).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw new Error(`Access denied: ${file} is a symbolic link.`);
    if (error.code === 'ENXIO') throw new Error(`Refused: ${file} is not a regular file (a FIFO).`);
    throw error;
  });
  try {
    if (!(await handle.stat()).isFile())
      throw new Error(`Refused: ${file} is not a regular file (a FIFO, device or socket).`);
    if (mode === 'w') await handle.truncate(0);
    return await use(handle);
  } finally {
    await handle.close();
  }
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
      const text = await withRegularFile(await resolveInside(roots, target), 'r', (file) =>
        file.readFile('utf8'),
      );
      if (line == null && limit == null) return { content: text };
      const start = Math.max(0, (line ?? 1) - 1);
      const lines = text.split('\n').slice(start, limit == null ? undefined : start + limit);
      return { content: lines.join('\n') };
    },
    'fs/write_text_file': async ({ path: target, content }) => {
      const file = await resolveInside(roots, target);
      await mkdir(path.dirname(file), { recursive: true });
      await withRegularFile(file, 'w', (handle) => handle.writeFile(content, 'utf8'));
      return {};
    },
  };
}
