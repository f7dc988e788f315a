import type { LogData, Logger } from '@agentbridge/core/contracts';

const rank = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
/** The lowest level written; `silent` writes nothing. */
type LogLevel = keyof typeof rank;

const labels = { debug: 'debug', info: 'info', warn: 'warning', error: 'error' } as const;

/** One line per entry (`agentbridge: warning: agent exited code=1`); plain words bare, the rest JSON. */
export function createStderrLogger(options: {
  readonly level: LogLevel;
  readonly write: (text: string) => void;
  readonly bindings?: LogData;
}): Logger {
  const bindings = options.bindings ?? {};
  const entry = (level: Exclude<LogLevel, 'silent'>) => (message: string, data?: LogData) => {
    if (rank[level] < rank[options.level]) return;
    const fields = Object.entries({ ...bindings, ...data })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${formatValue(value)}`);
    options.write(`agentbridge: ${labels[level]}: ${[message, ...fields].join(' ')}\n`);
  };
  return {
    debug: entry('debug'),
    info: entry('info'),
    warn: entry('warn'),
    error: entry('error'),
    child: (more) => createStderrLogger({ ...options, bindings: { ...bindings, ...more } }),
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
