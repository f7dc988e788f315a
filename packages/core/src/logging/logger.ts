/** Structured values attached to a log line. Never put secrets here (API keys, MCP headers). */
export type LogData = Readonly<Record<string, unknown>>;

/**
 * The logging seam. Libraries log through an injected `Logger`, never the console: stdout carries
 * protocol. Messages are short constants (`'agent exited'`); variables go in `data`.
 */
export interface Logger {
  debug(message: string, data?: LogData): void;
  info(message: string, data?: LogData): void;
  warn(message: string, data?: LogData): void;
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
