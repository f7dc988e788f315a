import { type Environment, pathFor, readVariable } from './host-platform.js';

/** Expands `~`, `%NAME%` (Windows) or `$NAME`/`${NAME}`; undefined when one is unknown. */
export function expandDirectory(
  directory: string,
  options: { environment: Environment; platform: NodeJS.Platform; homeDirectory?: string },
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
  const variable = platform === 'win32' ? /%([^%]+)%/g : /\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g;
  expanded = expanded.replace(variable, (_match, name?: string, bareName?: string) =>
    lookup(name ?? bareName ?? ''),
  );
  return missing || expanded === '' ? undefined : pathFor(platform).normalize(expanded);
}

/** `USERPROFILE` (or `HOMEDRIVE`+`HOMEPATH`) on Windows, else `HOME`. */
export function homeFromEnvironment(
  environment: Environment,
  platform: NodeJS.Platform,
): string | undefined {
  const read = (name: string) => readVariable(environment, name, platform);
  const drive = read('HOMEDRIVE');
  const homePath = read('HOMEPATH');
  const joined = drive !== undefined && homePath !== undefined ? drive + homePath : undefined;
  return (platform === 'win32' ? (read('USERPROFILE') ?? joined) : read('HOME')) || undefined;
}
