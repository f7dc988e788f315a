import { readFileSync, statSync } from 'node:fs';

/**
 * The small slice of the file system that probing needs. Injected so that Windows behaviour can be
 * unit-tested on any machine with a fake.
 */
export interface FileSystem {
  /** True when `path` exists and is a regular file (no executable-bit check, as CP-04). */
  isFile(path: string): boolean;
  /** The file's text (UTF-8), or undefined when it cannot be read. */
  readTextFile(path: string): string | undefined;
  /** Last modification time in milliseconds, or undefined when the file does not exist. */
  modifiedTimeMs(path: string): number | undefined;
}

/** The real file system (synchronous: probing happens once, before the agent starts). */
export const nodeFileSystem: FileSystem = Object.freeze({
  isFile(path: string): boolean {
    try {
      return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      return false;
    }
  },
  readTextFile(path: string): string | undefined {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  modifiedTimeMs(path: string): number | undefined {
    try {
      return statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    } catch {
      return undefined;
    }
  },
});
