import { homeFromEnvironment } from './expand-directory.js';
import { type Environment, pathFor, readVariable } from './host-platform.js';

/** `AGENTBRIDGE_STATE_DIR`, else the platform's state directory + `agentbridge` (not created). */
export function resolveStateDirectory(options: {
  readonly env: Environment;
  readonly platform: NodeJS.Platform;
  /** Used when the environment names no home. */
  readonly homeDirectory?: string;
}): string {
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
