import { constants, type Stats } from 'node:fs';
import {
  type FileHandle,
  lstat,
  mkdir,
  open,
  readlink,
  realpath,
  rmdir,
  stat,
  unlink,
} from 'node:fs/promises';
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

/** True when the real path `real` is one of `roots` or below one (`..name` is below). */
async function isInside(roots: readonly string[], real: string): Promise<boolean> {
  for (const root of roots) {
    const relative = path.relative(await realPathOf(root), real);
    if (
      relative === '' ||
      (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
    )
      return true;
  }
  return false;
}

const outside = (target: unknown, roots: readonly string[]) =>
  new Error(`Access denied: ${target} is outside the session's directories (${roots.join(', ')}).`);

/**
 * CF-05: `target` resolved inside one of the session's directories (its cwd and `--add-dir`s),
 * symbolic links followed; anything else is refused.
 */
export async function resolveInside(roots: readonly string[], target: unknown): Promise<string> {
  if (typeof target !== 'string' || !path.isAbsolute(target))
    throw new Error(`The path must be absolute: ${String(target)}`);
  const real = await realPathOf(path.resolve(target));
  if (await isInside(roots, real)) return real;
  throw outside(target, roots);
}

/**
 * CF-08: where the open file `handle` (of `stats`) really is: on Linux the kernel's own answer
 * (`/proc/self/fd/N`; no answer is a refusal); elsewhere the name's real path, taken only when it
 * still leads to the very same file (narrower than Linux: see the host-node README).
 */
async function openedPath(handle: FileHandle, name: string, stats: Stats): Promise<string> {
  if (process.platform === 'linux') return readlink(`/proc/self/fd/${handle.fd}`);
  const real = await realpath(name);
  const now = await stat(real);
  if (now.dev !== stats.dev || now.ino !== stats.ino)
    throw new Error(`Access denied: ${name} changed while it was opened.`);
  return real;
}

/** CF-08: removes `file` (a file just made outside), only when it still is that file. */
async function removeMade(file: string, stats: Stats) {
  const now = await lstat(file).catch(() => undefined);
  if (now?.dev === stats.dev && now.ino === stats.ino) await unlink(file).catch(() => {});
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants;
const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Opens without following a last-component link and without blocking; says if it made the file. */
async function openFile(file: string, mode: 'r' | 'w') {
  const flags = (extra: number) => extra | O_NOFOLLOW | O_NONBLOCK;
  const opened = (handle: FileHandle, made = false) => ({ handle, made });
  try {
    if (mode === 'r') return opened(await open(file, flags(O_RDONLY)));
    return await open(file, flags(O_WRONLY)).then(opened, async (error) => {
      if (code(error) !== 'ENOENT') throw error;
      return open(file, flags(O_WRONLY | O_CREAT | O_EXCL), 0o666).then(
        (handle) => opened(handle, true),
        async (again) => {
          if (code(again) !== 'EEXIST') throw again;
          return opened(await open(file, flags(O_WRONLY)));
        },
      );
    });
  } catch (error) {
    if (code(error) === 'ELOOP') throw new Error(`Access denied: ${file} is a symbolic link.`);
    if (code(error) === 'ENXIO')
      throw new Error(`Refused: ${file} is not a regular file (a FIFO).`);
    throw error;
  }
}

/**
 * CF-07, CF-08: opens `file` (no link in its last component, never blocking: a FIFO never hangs),
 * and uses it only when it is a regular file whose opened descriptor really is inside `roots`,
 * through that same descriptor; a file made outside by a swap is removed before any byte is
 * written, and a write truncates only after the checks.
 */
async function withRegularFile<T>(
  roots: readonly string[],
  file: string,
  mode: 'r' | 'w',
  use: (handle: FileHandle, stats: Stats) => Promise<T>,
): Promise<T> {
  const { handle, made } = await openFile(file, mode);
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new Error(`Refused: ${file} is not a regular file (a FIFO, device or socket).`);
    const real = await openedPath(handle, file, stats);
    if (!(await isInside(roots, real))) {
      if (made) await removeMade(real, stats);
      throw new Error(`Access denied: ${file} led outside the session's directories when opened.`);
    }
    if (mode === 'w') await handle.truncate(0);
    return await use(handle, stats);
  } finally {
    await handle.close();
  }
}

/** CF-08: makes `directory`'s missing ancestors one at a time, each checked inside (else removed). */
async function makeDirectories(roots: readonly string[], directory: string) {
  const missing: string[] = [];
  for (
    let at = directory;
    !(await stat(at).then(
      () => true,
      () => false,
    ));
    at = path.dirname(at)
  )
    missing.unshift(at);
  for (const at of missing) {
    const made = await mkdir(at).then(
      () => true,
      (error) => (code(error) === 'EEXIST' ? false : Promise.reject(error)),
    );
    const real = await realpath(at);
    if (await isInside(roots, real)) continue;
    if (made) await rmdir(real).catch(() => {});
    throw outside(at, roots);
  }
}

/** Reads at most `cap` bytes of `handle`; more is an error naming the limit (CF-09). */
async function readCapped(handle: FileHandle, file: string, size: number, cap: number) {
  const tooLarge = (bytes: string) =>
    new Error(`Refused: ${file} is ${bytes} bytes, over the read limit of ${cap} bytes.`);
  if (size > cap) throw tooLarge(String(size));
  const buffer = Buffer.alloc(cap + 1);
  let length = 0;
  for (let read = 1; read > 0 && length <= cap; length += read)
    ({ bytesRead: read } = await handle.read(buffer, length, cap + 1 - length, length));
  if (length > cap) throw tooLarge(`more than ${cap}`);
  return buffer.toString('utf8', 0, length);
}

/** Default largest file `fs/read_text_file` reads (CF-09). */
const defaultReadBytes = 8 * 1024 * 1024;

/**
 * CF-05: ACP's `fs/read_text_file` (`line` is 1-based, `limit` a number of lines) and
 * `fs/write_text_file` (missing parent directories are made) on real files inside `roots`.
 */
export function createClientFiles(
  roots: readonly string[],
  options: { readonly maxReadBytes?: number } = {},
): Pick<HostOperations, 'fs/read_text_file' | 'fs/write_text_file'> {
  const cap = options.maxReadBytes ?? defaultReadBytes;
  return {
    'fs/read_text_file': async ({ path: target, line, limit }) => {
      const file = await resolveInside(roots, target);
      const text = await withRegularFile(roots, file, 'r', (handle, { size }) =>
        readCapped(handle, file, size, cap),
      );
      if (line == null && limit == null) return { content: text };
      const start = Math.max(0, (line ?? 1) - 1);
      const lines = text.split('\n').slice(start, limit == null ? undefined : start + limit);
      return { content: lines.join('\n') };
    },
    'fs/write_text_file': async ({ path: target, content }) => {
      const file = await resolveInside(roots, target);
      await makeDirectories(roots, path.dirname(file));
      await withRegularFile(roots, file, 'w', (handle) => handle.writeFile(content, 'utf8'));
      return {};
    },
  };
}
