import type { LineTooLongError } from '@agentbridge/core/contracts';

/** How a child process ended. */
export type ProcessExit = {
  /** Exit code, or null when a signal ended it (or it never started). */
  readonly code: number | null;
  /** Signal name, or null. */
  readonly signal: string | null;
  /** Set when the process could not be started. */
  readonly spawnError?: Error;
};

/**
 * A child process seen as lines: stdout and stderr arrive as lines, stdin takes lines. Created by
 * `spawnAgentProcess`. Listeners are single slots (set once) so the hot path has no event fan-out.
 */
export interface AgentProcess {
  /** The process id; on POSIX also its process group id. Undefined when the spawn failed. */
  readonly pid: number | undefined;
  /** Resolves once the process is running; rejects when it could not be started. */
  readonly spawned: Promise<void>;
  /**
   * Resolves once the process exited **and** its stdout and stderr were read to the end (or a
   * grace passed after exit while the output was not paused), so the last lines come first.
   */
  readonly exited: Promise<ProcessExit>;
  /** The last ~2 KiB of stderr. */
  readonly stderrTail: string;
  /** Sets the receiver of stdout lines. */
  onStdoutLine(listener: (line: string) => void): void;
  /** Sets the receiver of stderr lines. */
  onStderrLine(listener: (line: string) => void): void;
  /** Sets the receiver of over-long line errors (the line was discarded, the stream goes on). */
  onLineTooLong(listener: (error: LineTooLongError) => void): void;
  /**
   * Writes one line (a `\n` is added) to stdin, in call order. Returns false when stdin is
   * congested: write on if you must (nothing is lost), but wait for {@link onInputDrain} to respect
   * backpressure. Returns false without writing after the input was closed or the process died.
   */
  writeLine(line: string): boolean;
  /** Calls `listener` each time a congested stdin drained. */
  onInputDrain(listener: () => void): void;
  /** True when stdin is congested. */
  readonly inputCongested: boolean;
  /** Closes stdin (EOF). Safe to call more than once. */
  endInput(): void;
  /** Stops reading stdout (the consumer is congested); the pipe fills and the child blocks. */
  pauseOutput(): void;
  /** Resumes reading stdout. */
  resumeOutput(): void;
  /** True once the process exited (its output may still be draining). */
  hasExited(): boolean;
  /**
   * Stops the process tree: stdin EOF, grace, SIGTERM to the group, grace, SIGKILL (see
   * `stopProcessTree`). Resolves with the exit. Safe to call more than once.
   */
  stop(): Promise<ProcessExit>;
  /** Kills the process tree at once (SIGKILL / `taskkill /F`). */
  kill(): void;
}
