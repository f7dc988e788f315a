import { homedir } from 'node:os';
import type { Readable, Writable } from 'node:stream';

/** The signals that stop a run. */
export type TerminationSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/**
 * Everything the CLI takes from its process, passed in so commands are testable without touching
 * `process`: arguments, environment, working directory and the three standard streams.
 */
export type CliContext = {
  /** Arguments after the script (`process.argv.slice(2)`). */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
  readonly stdin: Readable;
  /** Protocol only in stream-json mode. */
  readonly stdout: Writable;
  /** Logs, warnings and human messages. */
  readonly stderr: Writable;
  readonly stdinIsTerminal: boolean;
  readonly stdoutIsTerminal: boolean;
  /** Calls `handler` on SIGINT, SIGTERM and SIGHUP; returns a function that removes it. */
  readonly onTerminate: (handler: (signal: TerminationSignal) => void) => () => void;
};

/** The context of the running process. */
export function processContext(): CliContext {
  return {
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    homeDirectory: homedir(),
    platform: process.platform,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTerminal: process.stdin.isTTY === true,
    stdoutIsTerminal: process.stdout.isTTY === true,
    onTerminate(handler) {
      const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
      const listeners = signals.map((signal) => [signal, () => handler(signal)] as const);
      for (const [signal, listener] of listeners) process.on(signal, listener);
      return () => {
        for (const [signal, listener] of listeners) process.off(signal, listener);
      };
    },
  };
}
