import type { LogData, Logger } from '@agentbridge/core/contracts';

/** Values shorter than this are never masked (masking `1` or `on` would garble every line). */
const minimumSecretLength = 4;
/** Flags whose value is a secret: `--api-key sk-…`, `--token=…`, `--password …`. */
const secretFlag = /^--?[\w-]*(?:key|token|secret|password|passwd|credential|auth)[\w-]*$/i;
/** Values shaped like well-known API keys, or long opaque tokens mixing letters and digits. */
const secretValue =
  /^(?:(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|github_pat_|glpat-|xox[abpr]-|AIza|ya29\.)[\w.-]{8,}|(?=\S*\d)(?=\S*[A-Za-z])[\w+=.-]{32,})$/;

/** The values of credential-named flags (`--api-key X`, `--token=X`) and key-shaped arguments. */
export function secretArgumentValues(args: readonly string[]): string[] {
  const values = args.flatMap((argument, index) => {
    const equals = argument.indexOf('=');
    if (argument.startsWith('-') && equals > 0) {
      const value = argument.slice(equals + 1);
      return secretFlag.test(argument.slice(0, equals)) || secretValue.test(value) ? [value] : [];
    }
    const next = args[index + 1];
    if (secretFlag.test(argument) && next !== undefined && !next.startsWith('-')) return [next];
    return secretValue.test(argument) ? [argument] : [];
  });
  return values.filter((value) => value.length >= minimumSecretLength);
}

/** Replaces every secret (of 4 characters or more) with `***`, the longest first. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const masked = [...new Set(secrets)]
    .filter((secret) => secret.length >= minimumSecretLength)
    .sort((left, right) => right.length - left.length);
  return (text) =>
    masked.reduce(
      (result, secret) => (result.includes(secret) ? result.split(secret).join('***') : result),
      text,
    );
}

/** A logger that masks secrets in every message and every string inside the data. */
export function createRedactingLogger(logger: Logger, redact: (text: string) => string): Logger {
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value !== 'object' || value === null) return value;
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)]));
  };
  const log = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, data?: LogData) =>
    logger[level](redact(message), data && (clean(data) as LogData));
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (bindings) => createRedactingLogger(logger.child(bindings), redact),
  };
}
