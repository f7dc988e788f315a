import { type Environment, type HostPlatform, pathFor, readVariable } from './host-platform.js';

/**
 * Expands a configured directory: a leading `~` becomes the home directory; `%NAME%` on Windows,
 * `$NAME` and `${NAME}` elsewhere, become variables. Undefined when a variable or the home is
 * unknown, so that no bogus directory is searched.
 */
export function expandDirectory(
  directory: string,
  options: { environment: Environment; platform: HostPlatform; homeDirectory?: string },
): string | undefined {
  const { environment, platform } = options;
  let expanded = directory.trim();
  if (expanded === '~' || expanded.startsWith('~/') || expanded.startsWith('~\\')) {
    const home = options.homeDirectory ?? homeFromEnvironment(environment, platform);
    if (!home) return undefined;
    expanded = home + expanded.slice(1);
  }
  let missing = false;
  const lookup = (name: string) => {
    const value = readVariable(environment, name, platform);
    if (!value) missing = true;
    return value ?? '';
  };
  expanded =
    platform === 'win32'
      ? expanded.replace(/%([^%]+)%/g, (_match, name: string) => lookup(name))
      : expanded.replace(
          /\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g,
          (_match, braced: string | undefined, bare: string | undefined) =>
            lookup(braced ?? bare ?? ''),
        );
  return missing || expanded === '' ? undefined : pathFor(platform).normalize(expanded);
}

/** The home directory the environment names: `USERPROFILE` (or `HOMEDRIVE`+`HOMEPATH`) on Windows, else `HOME`. */
export function homeFromEnvironment(
  environment: Environment,
  platform: HostPlatform,
): string | undefined {
  const read = (name: string) => readVariable(environment, name, platform);
  const drive = read('HOMEDRIVE');
  const homePath = read('HOMEPATH');
  const joined = drive !== undefined && homePath !== undefined ? drive + homePath : undefined;
  return (platform === 'win32' ? (read('USERPROFILE') ?? joined) : read('HOME')) || undefined;
}
