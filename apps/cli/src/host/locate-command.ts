import type { BackendManifest } from '@agentbridge/core/contracts';
import { ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { findExecutable, nodeFileSystem } from '@agentbridge/host-node';
import type { CliContext } from '../cli-context.js';

/** Where a backend's command resolved to, or the error listing everything searched. */
export type LocatedCommand =
  | { readonly found: true; readonly path: string }
  | { readonly found: false; readonly error: ExecutableNotFoundError };

/**
 * Resolves a backend's command with host-node's `findExecutable` (PATH, Windows PATHEXT, then the
 * manifest's install directories). Never throws for a miss: the error is returned to show or throw.
 */
export function locateCommand(options: {
  readonly command: string;
  readonly manifest: BackendManifest;
  readonly context: Pick<CliContext, 'env' | 'cwd' | 'homeDirectory' | 'platform'>;
}): LocatedCommand {
  const { command, manifest, context } = options;
  try {
    const found = findExecutable({
      name: command,
      env: context.env,
      platform: context.platform,
      fileSystem: nodeFileSystem,
      cwd: context.cwd,
      homeDirectory: context.homeDirectory,
      ...(manifest.probe.extraDirectories
        ? { extraDirectories: manifest.probe.extraDirectories }
        : {}),
      ...(manifest.hints.install ? { installHint: manifest.hints.install } : {}),
    });
    return { found: true, path: found.path };
  } catch (error) {
    if (error instanceof ExecutableNotFoundError) return { found: false, error };
    throw error;
  }
}
