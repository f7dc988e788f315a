import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** Writes `content` to `path`, creating its directory; returns `path`. */
export function write(path: string, content: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** The directories of one test: a temporary `root`, a `home` and a `project` inside it. */
export type ConfigDirectories = {
  readonly root: string;
  readonly home: string;
  /** `<root>/work/project`, with `src/deep` inside; `<root>/work` holds a package.json. */
  readonly project: string;
};

/** Registers hooks that make fresh directories before each test and remove them after. */
export function useConfigDirectories(): ConfigDirectories {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agentbridge-config-'));
    mkdirSync(join(root, 'home'), { recursive: true });
    // Bounds the upward search inside the temp dir.
    write(join(root, 'work', 'package.json'), '{"name":"outer"}');
    mkdirSync(join(root, 'work', 'project', 'src', 'deep'), { recursive: true });
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return {
    get root() {
      return root;
    },
    get home() {
      return join(root, 'home');
    },
    get project() {
      return join(root, 'work', 'project');
    },
  };
}
