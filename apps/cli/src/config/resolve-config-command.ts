import { resolve } from 'node:path';

/**
 * A command written in a config file: `./bin/agent` and `../x` are relative to the file's
 * directory (not to the cwd); bare names and absolute paths are kept.
 */
export function resolveConfigCommand(command: string, configDirectory: string): string {
  return /^\.\.?[\\/]/.test(command) ? resolve(configDirectory, command) : command;
}
