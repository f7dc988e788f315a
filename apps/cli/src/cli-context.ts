import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';

/** The signals that stop a run. */
export type TerminationSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** Everything the CLI takes from its process, passed in so commands are testable. */
export type CliContext = {
  /** Arguments after the script (`process.argv.slice(2)`). */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
  readonly stdin: Readable;
  /** Protocol only in stream-json mode; logs and human messages go to `stderr`. */
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdinIsTerminal: boolean;
  /** Calls `handler` on SIGINT, SIGTERM and SIGHUP; returns a function that removes it. */
  readonly onTerminate: (handler: (signal: TerminationSignal) => void) => () => void;
};

/** The CLI's version from its package.json (`src/` and `dist/` both sit next to it). */
export function cliVersion(): string {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}
