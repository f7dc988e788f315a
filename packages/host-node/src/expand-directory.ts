import {
  type Environment,
  type HostPlatform,
  isWindows,
  pathFor,
  readVariable,
} from './host-platform.js';

/**
 * Expands a configured install directory: a leading `~` becomes `homeDirectory`; on Windows
 * `%NAME%`, elsewhere `$NAME` and `${NAME}`, become environment variables. Returns undefined when a
 * variable (or the home directory) is unknown, so that no bogus directory is searched.
 */
export function expandDirectory(
  directory: string,
  options: { environment: Environment; platform: HostPlatform; homeDirectory?: string },
): string | undefined {
  const { environment, platform } = options;
  let missing = false;
  let expanded = directory.trim();
  if (expanded === '~' || expanded.startsWith('~/') || expanded.startsWith('~\\')) {
    const home = options.homeDirectory ?? homeFromEnvironment(environment, platform);
    if (!home) return undefined;
    expanded = home + expanded.slice(1);
  }
  const lookup = (name: string): string => {
    const value = readVariable(environment, name, platform);
    if (value === undefined || value === '') missing = true;
    return value ?? '';
  };
  expanded = isWindows(platform)
    ? expanded.replace(/%([^%]+)%/g, (_match, name: string) => lookup(name))
    : expanded.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
        (_match, braced: string | undefined, bare: string | undefined) =>
          lookup(braced ?? bare ?? ''),
      );
  if (missing || expanded === '') return undefined;
  return pathFor(platform).normalize(expanded);
}

/** The user's home directory as the environment states it (`USERPROFILE` on Windows, `HOME` elsewhere). */
export function homeFromEnvironment(
  environment: Environment,
  platform: HostPlatform,
): string | undefined {
  const home = isWindows(platform)
    ? (readVariable(environment, 'USERPROFILE', platform) ??
      joinDefined(
        readVariable(environment, 'HOMEDRIVE', platform),
        readVariable(environment, 'HOMEPATH', platform),
      ))
    : readVariable(environment, 'HOME', platform);
  return home === '' ? undefined : home;
}

function joinDefined(first: string | undefined, second: string | undefined): string | undefined {
  return first !== undefined && second !== undefined ? first + second : undefined;
}
