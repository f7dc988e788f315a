import { ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { expandDirectory } from './expand-directory.js';
import type { FileSystem } from './file-system.js';
import {
  type Environment,
  type HostPlatform,
  isWindows,
  pathFor,
  readVariable,
} from './host-platform.js';

/** Install directories searched after PATH, per platform family (`BackendManifest.probe.extraDirectories`). */
export type ExtraDirectories = {
  readonly posix?: readonly string[];
  readonly win32?: readonly string[];
};

/** Options of {@link findExecutable}. */
export type FindExecutableOptions = {
  /** The command: a bare name (`agent`) looked up on PATH, or a path (`./bin/agent`, `C:\x.cmd`). */
  readonly name: string;
  /** The environment whose `PATH` (and `PATHEXT`, home variables) is used. */
  readonly env: Environment;
  readonly platform: HostPlatform;
  readonly fileSystem: FileSystem;
  /** Searched after PATH; `~`, `%NAME%` (Windows) and `$NAME` (POSIX) are expanded. */
  readonly extraDirectories?: ExtraDirectories;
  /** Base of relative path-like commands (default: the path is used as given). */
  readonly cwd?: string;
  /** Home directory for `~` (default: `HOME`, or `USERPROFILE` on Windows, from `env`). */
  readonly homeDirectory?: string;
  /** Shown in the not-found error (`npm install -g <agent package>`). */
  readonly installHint?: string;
};

/** A resolved command. */
export type FoundExecutable = {
  /** The file to launch (absolute when found through PATH or the extra directories). */
  readonly path: string;
  /** Every candidate tried, in order, up to and including the hit. */
  readonly searchedPaths: readonly string[];
};

/** The extensions Windows can launch without a shell, in the default PATHEXT order. */
const windowsLaunchableExtensions = ['.com', '.exe', '.bat', '.cmd'] as const;

/** Tried after a Windows path-like command without an extension (CP-02). */
const pathLikeExtensions = ['.exe', '.cmd', '.bat', '.com'] as const;

/**
 * Resolves a command to a file, the way a shell would but without one (CP-01..CP-06). A path-like
 * command is taken as is (Windows also tries `.exe .cmd .bat .com`); a bare name scans PATH, then
 * the backend's install directories. The first candidate that is a file wins.
 *
 * @throws ExecutableNotFoundError listing every candidate searched.
 */
export function findExecutable(options: FindExecutableOptions): FoundExecutable {
  const name = options.name.trim();
  const candidates = name === '' ? [] : listCandidates(name, options);
  const searched: string[] = [];
  for (const candidate of candidates) {
    searched.push(candidate);
    if (options.fileSystem.isFile(candidate)) return { path: candidate, searchedPaths: searched };
  }
  throw new ExecutableNotFoundError({
    executable: name,
    searchedPaths: searched,
    ...(options.installHint === undefined ? {} : { installHint: options.installHint }),
  });
}

/** True when `command` names a path rather than a bare name (CP-02). */
export function isPathLike(command: string): boolean {
  return command.includes('/') || command.includes('\\') || command.charAt(1) === ':';
}

function listCandidates(name: string, options: FindExecutableOptions): string[] {
  const { platform } = options;
  const paths = pathFor(platform);
  const extensions = launchableExtensions(options.env, platform);
  if (isPathLike(name) || name.startsWith('~')) {
    const expanded = expandDirectory(name, {
      environment: options.env,
      platform,
      ...(options.homeDirectory === undefined ? {} : { homeDirectory: options.homeDirectory }),
    });
    const base = expanded ?? name;
    const full = options.cwd === undefined ? base : paths.resolve(options.cwd, base);
    if (!isWindows(platform) || paths.extname(full) !== '') return [full];
    return [full, ...pathLikeExtensions.map((extension) => full + extension)];
  }
  const candidates: string[] = [];
  for (const directory of searchDirectories(options)) {
    const joined = paths.join(directory, name);
    if (!isWindows(platform)) {
      candidates.push(joined);
    } else if (paths.extname(name) !== '') {
      candidates.push(joined);
    } else {
      for (const extension of extensions) candidates.push(joined + extension);
    }
  }
  return candidates;
}

function searchDirectories(options: FindExecutableOptions): string[] {
  const { platform, env } = options;
  const windows = isWindows(platform);
  const rawPath = readVariable(env, 'PATH', platform) ?? '';
  const fromPath = rawPath
    .split(windows ? ';' : ':')
    .map((entry) => stripQuotes(entry.trim()))
    .filter((entry) => entry !== '');
  const extra = (windows ? options.extraDirectories?.win32 : options.extraDirectories?.posix) ?? [];
  const expandedExtra = extra.flatMap((directory) => {
    const expanded = expandDirectory(directory, {
      environment: env,
      platform,
      ...(options.homeDirectory === undefined ? {} : { homeDirectory: options.homeDirectory }),
    });
    return expanded === undefined ? [] : [expanded];
  });
  const seen = new Set<string>();
  const directories: string[] = [];
  for (const directory of [...fromPath, ...expandedExtra]) {
    const key = windows ? directory.toLowerCase() : directory;
    if (seen.has(key)) continue;
    seen.add(key);
    directories.push(directory);
  }
  return directories;
}

/** Windows: the launchable extensions in PATHEXT order (others, like `.ps1`, need a host program). */
function launchableExtensions(env: Environment, platform: HostPlatform): string[] {
  if (!isWindows(platform)) return [];
  const pathExtension = readVariable(env, 'PATHEXT', platform);
  const declared = (pathExtension ?? '')
    .split(';')
    .map((extension) => extension.trim().toLowerCase())
    .filter((extension): extension is (typeof windowsLaunchableExtensions)[number] =>
      (windowsLaunchableExtensions as readonly string[]).includes(extension),
    );
  const ordered = declared.length > 0 ? [...new Set(declared)] : [...windowsLaunchableExtensions];
  return ordered;
}

function stripQuotes(entry: string): string {
  return entry.length >= 2 && entry.startsWith('"') && entry.endsWith('"')
    ? entry.slice(1, -1).trim()
    : entry;
}
