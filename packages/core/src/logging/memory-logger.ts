import type { LogData, Logger } from './logger.js';

/** One line captured by {@link createMemoryLogger}. */
export type LogEntry = {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly data: LogData;
};

/** A logger that keeps every line in memory (tests, `doctor`). */
export interface MemoryLogger extends Logger {
  readonly entries: LogEntry[];
}

/** Creates a {@link MemoryLogger}; children share the parent's `entries`. */
export function createMemoryLogger(bindings: LogData = {}, entries: LogEntry[] = []): MemoryLogger {
  const write = (level: LogEntry['level']) => (message: string, data?: LogData) => {
    entries.push({ level, message, data: { ...bindings, ...data } });
  };
  return {
    entries,
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (childBindings) => createMemoryLogger({ ...bindings, ...childBindings }, entries),
  };
}
