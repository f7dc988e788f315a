/** Structured values attached to a log line. Never put secrets here (API keys, MCP headers). */
export type LogData = Readonly<Record<string, unknown>>;

/**
 * The logging seam. Libraries log through an injected `Logger`, never the console: stdout carries
 * protocol. Messages are short constants (`'agent exited'`); variables go in `data`.
 */
export interface Logger {
  /** Detail for `--debug`: every step, lines crossing a seam (redacted). */
  debug(message: string, data?: LogData): void;
  /** Life-cycle events shown with `--verbose` (agent started, session opened). */
  info(message: string, data?: LogData): void;
  /** Something went wrong but work goes on (a dropped line, an unsupported flag). */
  warn(message: string, data?: LogData): void;
  /** Something failed (a handshake, a spawn); the user should see it. */
  error(message: string, data?: LogData): void;
  /** A logger that adds `bindings` to every line it writes. */
  child(bindings: LogData): Logger;
}

/** A logger that drops everything. */
export const noopLogger: Logger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return noopLogger;
  },
});
