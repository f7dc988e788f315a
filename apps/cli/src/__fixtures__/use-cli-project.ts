import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type CliRun, runCli } from './run-cli.js';

/** A project directory made afresh for each test, and the CLI run inside it. */
export type CliProject = {
  /** The current test's project directory (it holds a `package.json`). */
  readonly directory: string;
  /** Runs the CLI in the project directory. */
  run(
    args: readonly string[],
    options?: { stdin?: string; env?: Record<string, string> },
  ): Promise<CliRun>;
};

/** Registers hooks that create a project directory before each test and remove it after. */
export function useCliProject(): CliProject {
  let directory = '';
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'agentbridge-cli-e2e-'));
    writeFileSync(join(directory, 'package.json'), '{"name":"e2e-project"}');
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    get directory() {
      return directory;
    },
    run: (args, options = {}) => runCli(args, { ...options, cwd: directory }),
  };
}
