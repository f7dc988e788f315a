/** Structured values attached to a log line. Never put secrets here (API keys, MCP headers). */
export type LogData = Readonly<Record<string, unknown>>;

/**
 * The logging seam: libraries never write to the console (stdout carries protocol). Messages are
 * short constants (`'agent exited'`); variables go in `data`.
 */
export interface Logger {
  /** `--debug`: every step, lines crossing a seam (redacted). */
  debug(message: string, data?: LogData): void;
  /** `--verbose`: life-cycle events (agent started, session opened). */
  info(message: string, data?: LogData): void;
  /** Something went wrong but work goes on (a dropped line, an unsupported flag). */
  warn(message: string, data?: LogData): void;
  /** Something failed (a handshake, a spawn); the user should see it. */
  error(message: string, data?: LogData): void;
  /** A logger that adds `bindings` to every line it writes. */
  child(bindings: LogData): Logger;
}

export const noopLogger: Logger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => noopLogger,
});
