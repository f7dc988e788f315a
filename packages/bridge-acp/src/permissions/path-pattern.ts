import picomatch from 'picomatch';

/** Where relative rule paths and relative tool paths are resolved. */
export type PathContext = {
  /** The session's working directory (absolute); relative patterns need it. */
  readonly cwd?: string;
  /** The user's home directory, for `~/` patterns. */
  readonly homeDirectory?: string;
};

type Purpose = 'allow' | 'deny';

/** gitignore's glob: `*` matches dot files, no braces, extglobs or negation; POSIX separators. */
const globOptions = {
  dot: true,
  nobrace: true,
  noextglob: true,
  nonegate: true,
  windows: false,
} as const;
const compiled = new Map<string, (path: string) => boolean>();

/**
 * RU-07: true when `path` matches a Claude Code path rule, gitignore style (`Read(./src/**)`):
 * `//x` is absolute, `~/x` under the home directory, `/x` below the rule's root (the session's
 * cwd), `./x` and `x` relative to the cwd. As gitignore, a pattern without an inner slash
 * (`*.env`) matches a name at any depth, a pattern naming a directory covers what is below it, and
 * `dir/**` is `dir` (anchored to the root in an allow rule, at any depth in a deny rule, as Claude
 * Code). Paths outside the root never match, nor any path through an allow rule's `..`. A pattern gitignore reads as a comment or negation
 * (`#x`, `!x`) allows nothing and, as a deny rule, covers everything below its root.
 */
export function matchesPathPattern(
  pattern: string,
  path: string,
  context: PathContext,
  purpose: Purpose = 'allow',
): boolean {
  // Claude Code matches no path through a `..` of an allow rule; a deny rule resolves it.
  if (purpose === 'allow' && pattern.split(/[\\/]/).includes('..')) return false;
  const root = patternRoot(pattern, context);
  const absolutePath = resolvePath(path, context.cwd);
  if (root === undefined || absolutePath === undefined) return false;
  const base = normalizePath(root.base);
  if (!isInside(absolutePath, base)) return false;
  const gitignore = toGitignore(root.rest.replace(/\/{2,}/g, '/'), purpose);
  if (/^[!#]/.test(gitignore)) return purpose === 'deny';
  const dirOnly = gitignore.endsWith('/');
  const body = gitignore.replace(/\/+$/, '');
  if (body === '' || /^\/?\*\*$/.test(body)) return true;
  const anchored = body.includes('/');
  const glob = anchored ? body.replace(/^\/+/, '') : `**/${body}`;
  const below = absolutePath === base ? '' : absolutePath.slice(base === '/' ? 1 : base.length + 1);
  if (below === '') return false;
  const matches = globMatcher(glob);
  const segments = below.split('/');
  // A directory a pattern names covers what is below it: every ancestor is tried too.
  return segments.some((_, index) => {
    const isLast = index === segments.length - 1;
    return !(isLast && dirOnly) && matches(segments.slice(0, index + 1).join('/'));
  });
}

/** Claude Code's reading of a rule's `dir/**`: the directory, anchored for an allow rule. */
function toGitignore(rest: string, purpose: Purpose): string {
  if (!rest.endsWith('/**')) return rest;
  const directory = rest.slice(0, -3);
  if (!/[^/]/.test(directory)) return '/**';
  const keep = directory.includes('/') || purpose === 'deny' || /^[!#]/.test(directory);
  return keep ? directory : `/${directory}`;
}

function globMatcher(glob: string): (path: string) => boolean {
  let matcher = compiled.get(glob);
  if (matcher === undefined) {
    try {
      matcher = picomatch(glob, globOptions);
    } catch {
      // A pattern the glob grammar refuses matches its literal spelling only.
      matcher = (path) => path === glob;
    }
    compiled.set(glob, matcher);
  }
  return matcher;
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

/** The directory a pattern is rooted in and the gitignore pattern below it (`/x` stays anchored). */
function patternRoot(
  pattern: string,
  context: PathContext,
): { base: string; rest: string } | undefined {
  const trimmed = pattern.trim();
  // Backslashes escape (gitignore) unless the pattern spells a Windows path.
  const unified = /^(\/\/)?[A-Za-z]:\\/.test(trimmed) ? trimmed.replace(/\\/g, '/') : trimmed;
  if (unified.startsWith('//')) return { base: '/', rest: unified.slice(1) };
  const home = unified === '~' || unified.startsWith('~/');
  const base = home ? context.homeDirectory : context.cwd;
  const resolved = base === undefined ? undefined : resolvePath(base, undefined);
  if (resolved === undefined) return undefined;
  if (home) return { base: resolved, rest: unified.slice(1) || '/**' };
  const rest = unified.replace(/^\.\/+/, '').replace(/^\.$/, '');
  if (!rest.split('/').includes('..')) return { base: resolved, rest };
  const joined = normalizePath(`${resolved}/${rest}`);
  const firstGlob = joined.search(/[*?[]/);
  if (firstGlob < 0) return { base: joined, rest: '' };
  const cut = joined.lastIndexOf('/', firstGlob);
  return { base: joined.slice(0, cut) || '/', rest: `/${joined.slice(cut + 1)}` };
}

function isInside(path: string, base: string): boolean {
  return base === '/' ? path.startsWith('/') : path === base || path.startsWith(`${base}/`);
}

/** Whether a tool's path lies inside one of the session's directories (the cwd, `--add-dir`). */
export function isInsideDirectories(
  path: string,
  directories: readonly string[],
  cwd: string | undefined,
): boolean {
  const absolutePath = resolvePath(path, cwd);
  if (absolutePath === undefined) return false;
  return directories.some((directory) => {
    const base = resolvePath(directory, undefined);
    return base !== undefined && isInside(absolutePath, base);
  });
}
