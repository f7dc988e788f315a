import path from 'node:path';

/** The operating systems the host distinguishes: Windows, or anything POSIX. */
export type HostPlatform = NodeJS.Platform;

/** An environment: variable name → value. Windows names are matched case-insensitively. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** True on Windows. */
export function isWindows(platform: HostPlatform): boolean {
  return platform === 'win32';
}

/** The `path` flavour of `platform`, so Windows paths can be built and tested on Linux. */
export function pathFor(platform: HostPlatform): path.PlatformPath {
  return isWindows(platform) ? path.win32 : path.posix;
}

/**
 * Reads one variable from `environment`. Windows variable names are case-insensitive (`Path`,
 * `PATH`); POSIX names are exact.
 */
export function readVariable(
  environment: Environment,
  name: string,
  platform: HostPlatform,
): string | undefined {
  const exact = environment[name];
  if (exact !== undefined || !isWindows(platform)) return exact;
  const wanted = name.toUpperCase();
  for (const key of Object.keys(environment)) {
    if (key.toUpperCase() === wanted) return environment[key];
  }
  return undefined;
}
