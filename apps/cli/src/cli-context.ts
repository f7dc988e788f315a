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
  /** stderr is a terminal: print mode shows a status line there (FT-09). */
  readonly stderrIsTerminal?: boolean;
  /** Installs the mask every stdout and stderr write goes through, once the secrets are known. */
  readonly maskOutput?: (redact: (text: string) => string) => void;
  /** Calls `handler` on SIGINT, SIGTERM and SIGHUP; returns a function that removes it. */
  readonly onTerminate: (handler: (signal: TerminationSignal) => void) => () => void;
};

/** The Claude Code release whose stream-json protocol agentbridge speaks (first token of `-v`). */
export const claudeCodeProtocolVersion = '2.1.332';

/** The CLI's version from its package.json (`src/` and `dist/` both sit next to it). */
export function cliVersion(): string {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}
