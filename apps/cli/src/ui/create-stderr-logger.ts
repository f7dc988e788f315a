import type { LogData, Logger } from '@agentbridge/core/contracts';

/** The lowest level written; `silent` writes nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const rank = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** Options of {@link createStderrLogger}. */
export type StderrLoggerOptions = {
  readonly level: LogLevel;
  /** Receives whole lines (with `\n`); in production `process.stderr.write`. */
  readonly write: (text: string) => void;
  readonly bindings?: LogData;
};

/**
 * Renders the core `Logger` as one line per entry on stderr:
 * `agentbridge warn: agent exited code=1 signal=null`. stdout is never touched (it carries
 * protocol). Strings are shown bare when they have no spaces, everything else as JSON.
 */
export function createStderrLogger(options: StderrLoggerOptions): Logger {
  const threshold = rank[options.level];
  const bindings = options.bindings ?? {};
  const write = (level: Exclude<LogLevel, 'silent'>, message: string, data?: LogData) => {
    if (rank[level] < threshold) return;
    const fields = Object.entries({ ...bindings, ...data })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${formatValue(value)}`);
    options.write(`agentbridge ${level}: ${[message, ...fields].join(' ')}\n`);
  };
  return {
    debug: (message, data) => write('debug', message, data),
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
    child: (childBindings) =>
      createStderrLogger({ ...options, bindings: { ...bindings, ...childBindings } }),
  };
}

function formatValue(value: unknown): string {
  if (typeof value === 'string' && value !== '' && !/\s|"/.test(value)) return value;
  if (value instanceof Error) return JSON.stringify(value.message);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
