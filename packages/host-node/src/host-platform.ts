import path from 'node:path';

/** An environment: variable name → value. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The `path` flavour of `platform` (injected everywhere, so Windows rules are tested anywhere). */
export function pathFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** One variable of `environment`; Windows names compare case-insensitively (`Path`, `PATH`). */
export function readVariable(
  environment: Environment,
  name: string,
  platform: NodeJS.Platform,
): string | undefined {
  if (environment[name] !== undefined || platform !== 'win32') return environment[name];
  const wanted = name.toUpperCase();
  const key = Object.keys(environment).find((candidate) => candidate.toUpperCase() === wanted);
  return key === undefined ? undefined : environment[key];
}
