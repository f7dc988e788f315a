/** Where relative rule paths and relative tool paths are resolved. */
export type PathContext = {
  /** The session's working directory (absolute). Relative patterns need it. */
  readonly cwd?: string;
  /** The user's home directory, for `~/` patterns. */
  readonly homeDirectory?: string;
};

/**
 * True when `path` matches a Claude Code path rule pattern (gitignore style, as in
 * `Read(./src/**)`): `//abs` is absolute, `~/x` is under the home directory, `/x`, `./x` and `x`
 * are relative to the working directory. `**` spans directories, `*` and `?` stay within one; a
 * pattern without a slash (`*.env`) matches a file name at any depth; a pattern naming a
 * directory also matches everything below it. Unresolvable patterns or paths never match.
 */
export function matchesPathPattern(pattern: string, path: string, context: PathContext): boolean {
  const root = patternRoot(pattern, context);
  if (root === undefined) return false;
  const absolutePath = resolvePath(path, context.cwd);
  if (absolutePath === undefined) return false;
  let relative = root.rest;
  const directoryOnly = relative.endsWith('/');
  if (directoryOnly) relative = relative.replace(/\/+$/, '');
  const base = normalizePath(root.base);
  if (relative === '' || relative === '**') {
    return isInside(absolutePath, base);
  }
  if (!isInside(absolutePath, base)) return false;
  const below = absolutePath === base ? '' : absolutePath.slice(base === '/' ? 1 : base.length + 1);
  const anyDepth = !relative.includes('/') && !directoryOnly;
  const expression = globToRegExp(anyDepth ? `**/${relative}` : relative);
  const segments = below.split('/');
  // A pattern that names a directory covers what is below it, so try every ancestor too.
  for (let length = segments.length; length > 0; length -= 1) {
    if (expression.test(segments.slice(0, length).join('/'))) return true;
  }
  return false;
}

/** `/a/./b/../c` → `/a/c`; backslashes become slashes. Relative paths stay relative. */
export function normalizePath(path: string): string {
  const unified = path.replace(/\\/g, '/');
  const absolute = unified.startsWith('/');
  const parts: string[] = [];
  for (const part of unified.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!absolute) parts.push('..');
      continue;
    }
    parts.push(part);
  }
  return `${absolute ? '/' : ''}${parts.join('/')}` || (absolute ? '/' : '.');
}

function resolvePath(path: string, cwd: string | undefined): string | undefined {
  const unified = path.replace(/\\/g, '/');
  if (unified.startsWith('/')) return normalizePath(unified);
  if (/^[A-Za-z]:\//.test(unified)) return normalizePath(`/${unified}`);
  if (cwd === undefined) return undefined;
  return normalizePath(`${cwd.replace(/\\/g, '/')}/${unified}`);
}

function patternRoot(
  pattern: string,
  context: PathContext,
): { base: string; rest: string } | undefined {
  const unified = pattern.trim().replace(/\\/g, '/');
  if (unified.startsWith('//')) return { base: '/', rest: unified.slice(2) };
  if (unified === '~' || unified.startsWith('~/')) {
    if (context.homeDirectory === undefined) return undefined;
    const home = resolvePath(context.homeDirectory, undefined);
    return home === undefined ? undefined : { base: home, rest: unified.slice(2) };
  }
  if (context.cwd === undefined) return undefined;
  const cwd = resolvePath(context.cwd, undefined);
  if (cwd === undefined) return undefined;
  const rest = unified.replace(/^\.?\/+/, '').replace(/^\.$/, '');
  if (rest.split('/').includes('..')) {
    const resolved = normalizePath(`${cwd}/${rest}`);
    const firstGlob = resolved.search(/[*?]/);
    if (firstGlob < 0) return { base: resolved, rest: '' };
    const cut = resolved.lastIndexOf('/', firstGlob);
    return { base: resolved.slice(0, cut) || '/', rest: resolved.slice(cut + 1) };
  }
  return { base: cwd, rest };
}

function isInside(path: string, base: string): boolean {
  if (base === '/') return path.startsWith('/');
  return path === base || path.startsWith(`${base}/`);
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] ?? '';
    if (character === '*') {
      if (glob[index + 1] === '*') {
        index += 1;
        if (glob[index + 1] === '/') {
          index += 1;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += '[^/]*';
      }
    } else if (character === '?') {
      source += '[^/]';
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
