import { statSync } from 'node:fs';
import { type BackendManifest, ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { expandDirectory } from './expand-directory.js';
import { type Environment, pathFor, readVariable } from './host-platform.js';

/** Options of {@link findExecutable}; `env` also supplies `PATH` and `PATHEXT`. */
type FindExecutableOptions = {
  /** A bare name (`agent`), looked up on PATH, or a path (`./bin/agent`, `C:\x.cmd`). */
  readonly name: string;
  readonly env: Environment;
  readonly platform: NodeJS.Platform;
  /** Searched after PATH; `~`, `%NAME%` (Windows) and `$NAME` (POSIX) are expanded. */
  readonly extraDirectories?: BackendManifest['probe']['extraDirectories'];
  /** Base of a relative path-like command. */
  readonly cwd?: string;
  /** Home for `~` (default: from `env`). */
  readonly homeDirectory?: string;
  readonly installHint?: string;
  /** Whether a path is a regular file (no executable-bit check); default `fs.statSync`. */
  readonly isFile?: (path: string) => boolean;
};

/** The extensions Windows launches without a host program, in the default PATHEXT order. */
const windowsExtensions = ['.com', '.exe', '.bat', '.cmd'];

/**
 * Resolves a command to a file as a shell would, without one (CP-01..CP-06): a path as is (on
 * Windows also with `.exe .cmd .bat .com`), a bare name on PATH (with PATHEXT), then in the extra
 * directories. Returns the first existing file and every candidate tried.
 *
 * @throws ExecutableNotFoundError listing every candidate searched.
 */
export function findExecutable(options: FindExecutableOptions) {
  const name = options.name.trim();
  const { installHint, isFile = isRegularFile } = options;
  const searchedPaths: string[] = [];
  for (const candidate of name === '' ? [] : candidates(name, options)) {
    searchedPaths.push(candidate);
    if (isFile(candidate)) return { path: candidate, searchedPaths };
  }
  throw new ExecutableNotFoundError({ executable: name, searchedPaths, installHint });
}

function candidates(name: string, options: FindExecutableOptions): string[] {
  const { env, platform, homeDirectory } = options;
  const paths = pathFor(platform);
  const windows = platform === 'win32';
  const expand = (directory: string) =>
    expandDirectory(directory, { environment: env, platform, homeDirectory });
  if (/[/\\]/.test(name) || name.charAt(1) === ':' || name.startsWith('~')) {
    const base = expand(name) ?? name;
    const full = options.cwd === undefined ? base : paths.resolve(options.cwd, base);
    if (!windows || paths.extname(full) !== '') return [full];
    return [full, ...['.exe', '.cmd', '.bat', '.com'].map((extension) => full + extension)];
  }
  const extensions = !windows || paths.extname(name) !== '' ? [''] : pathExtensions(env);
  const fromPath = (readVariable(env, 'PATH', platform) ?? '')
    .split(windows ? ';' : ':')
    .map((entry) => entry.replace(/^\s*"(.*)"\s*$/, '$1').trim())
    .filter((entry) => entry !== '');
  const extra = (windows ? options.extraDirectories?.win32 : options.extraDirectories?.posix) ?? [];
  const directories = [...fromPath, ...extra.flatMap((directory) => expand(directory) ?? [])];
  const seen = new Set<string>();
  return directories.flatMap((directory) => {
    const key = windows ? directory.toLowerCase() : directory;
    if (seen.has(key)) return [];
    seen.add(key);
    return extensions.map((extension) => paths.join(directory, name) + extension);
  });
}

/** Windows: the launchable PATHEXT extensions in their order (`.ps1` and the like need a host). */
function pathExtensions(env: Environment): string[] {
  const declared = (readVariable(env, 'PATHEXT', 'win32') ?? '')
    .split(';')
    .map((extension) => extension.trim().toLowerCase())
    .filter((extension) => windowsExtensions.includes(extension));
  return declared.length > 0 ? [...new Set(declared)] : windowsExtensions;
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
