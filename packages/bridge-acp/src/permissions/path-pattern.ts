/** Where relative rule paths and relative tool paths are resolved. */
export type PathContext = {
  /** The session's working directory (absolute); relative patterns need it. */
  readonly cwd?: string;
  /** The user's home directory, for `~/` patterns. */
  readonly homeDirectory?: string;
};

/**
 * True when `path` matches a Claude Code path rule (gitignore style, `Read(./src/**)`): `//x` is
 * absolute, `~/x` under the home directory, `/x`, `./x` and `x` relative to the cwd; a slash-free
 * pattern (`*.env`) matches a file name at any depth. Unresolvable patterns or paths never match.
 */
export function matchesPathPattern(pattern: string, path: string, context: PathContext): boolean {
  const root = patternRoot(pattern, context);
  const absolutePath = resolvePath(path, context.cwd);
  if (root === undefined || absolutePath === undefined) return false;
  const base = normalizePath(root.base);
  if (!isInside(absolutePath, base)) return false;
  const relative = root.rest.replace(/\/+$/, '');
  if (relative === '' || relative === '**') return true;
  const anyDepth = !relative.includes('/') && !root.rest.endsWith('/');
  const expression = globToRegExp(anyDepth ? `**/${relative}` : relative);
  const below = absolutePath === base ? '' : absolutePath.slice(base === '/' ? 1 : base.length + 1);
  const segments = below.split('/');
  // A pattern naming a directory covers what is below it, so every ancestor is tried too.
  return segments.some((_, index) => expression.test(segments.slice(0, index + 1).join('/')));
}

/** `/a/./b/../c` → `/a/c`; backslashes become slashes; relative paths stay relative. */
function normalizePath(path: string): string {
  const unified = path.replace(/\\/g, '/');
  const absolute = unified.startsWith('/');
  const parts: string[] = [];
  for (const part of unified.split('/')) {
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part === '..' ? !absolute : part !== '' && part !== '.') parts.push(part);
  }
  return `${absolute ? '/' : ''}${parts.join('/')}` || '.';
}

function resolvePath(path: string, cwd: string | undefined): string | undefined {
  const unified = path.replace(/\\/g, '/');
  if (unified.startsWith('/')) return normalizePath(unified);
  if (/^[A-Za-z]:\//.test(unified)) return normalizePath(`/${unified}`);
  return cwd === undefined ? undefined : normalizePath(`${cwd}/${unified}`);
}

function patternRoot(
  pattern: string,
  context: PathContext,
): { base: string; rest: string } | undefined {
  const unified = pattern.trim().replace(/\\/g, '/');
  if (unified.startsWith('//')) return { base: '/', rest: unified.slice(2) };
  const home = unified === '~' || unified.startsWith('~/');
  const base = home ? context.homeDirectory : context.cwd;
  const resolved = base === undefined ? undefined : resolvePath(base, undefined);
  if (resolved === undefined) return undefined;
  if (home) return { base: resolved, rest: unified.slice(2) };
  const rest = unified.replace(/^\.?\/+/, '').replace(/^\.$/, '');
  if (!rest.split('/').includes('..')) return { base: resolved, rest };
  const joined = normalizePath(`${resolved}/${rest}`);
  const firstGlob = joined.search(/[*?]/);
  if (firstGlob < 0) return { base: joined, rest: '' };
  const cut = joined.lastIndexOf('/', firstGlob);
  return { base: joined.slice(0, cut) || '/', rest: joined.slice(cut + 1) };
}

function isInside(path: string, base: string): boolean {
  return base === '/' ? path.startsWith('/') : path === base || path.startsWith(`${base}/`);
}

function globToRegExp(glob: string): RegExp {
  const source = glob.replace(/\*\*\/|\*\*|\*|\?|[.+^${}()|[\]\\]/g, (token) => {
    if (token === '**/') return '(?:.*/)?';
    if (token === '**') return '.*';
    if (token === '*') return '[^/]*';
    return token === '?' ? '[^/]' : `\\${token}`;
  });
  return new RegExp(`^${source}$`);
}
