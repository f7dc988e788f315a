import { homeFromEnvironment } from './expand-directory.js';
import { type Environment, type HostPlatform, pathFor, readVariable } from './host-platform.js';

/** Options of {@link resolveStateDirectory}. */
type StateDirectoryOptions = {
  readonly env: Environment;
  readonly platform: HostPlatform;
  /** Used when the environment names no home (default: from `env`). */
  readonly homeDirectory?: string;
};

/**
 * Where agentbridge keeps its process records and caches: `AGENTBRIDGE_STATE_DIR`, else
 * `%LOCALAPPDATA%\agentbridge` on Windows, else `$XDG_STATE_HOME/agentbridge`, else
 * `~/.local/state/agentbridge`. The directory is not created here.
 */
export function resolveStateDirectory(options: StateDirectoryOptions): string {
  const { env, platform } = options;
  const paths = pathFor(platform);
  const explicit = readVariable(env, 'AGENTBRIDGE_STATE_DIR', platform);
  if (explicit) return paths.resolve(explicit);
  const home = options.homeDirectory ?? homeFromEnvironment(env, platform) ?? paths.resolve('.');
  if (platform === 'win32') {
    const localAppData = readVariable(env, 'LOCALAPPDATA', platform);
    return paths.join(localAppData || paths.join(home, 'AppData', 'Local'), 'agentbridge');
  }
  const xdgStateHome = readVariable(env, 'XDG_STATE_HOME', platform);
  if (xdgStateHome && paths.isAbsolute(xdgStateHome))
    return paths.join(xdgStateHome, 'agentbridge');
  return paths.join(home, '.local', 'state', 'agentbridge');
}
