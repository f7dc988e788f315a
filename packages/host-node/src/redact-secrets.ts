import type { LogData, Logger } from '@agentbridge/core/contracts';

/**
 * Values shorter than this, and numbers or JSON words (`true`), are never masked: masking them
 * would garble every line and break the JSON on stdout.
 */
const minimumSecretLength = 8;
const maskable = (value: string): boolean =>
  value.length >= minimumSecretLength && !/^(?:true|false|null|[\d.+-]+)$/.test(value);
/**
 * Variables whose value is a secret for every backend: `ANTHROPIC_API_KEY`, `OPENAI_API_KEY`,
 * `GEMINI_API_KEY`, `GOOGLE_API_KEY`, `GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, ... (FT-08).
 */
const secretVariable =
  /(?:^|_)(?:API_?KEY|ACCESS_KEY|SECRET(?:_ACCESS)?(?:_KEY)?|(?:AUTH_|OAUTH_|SESSION_)?TOKEN|PASSWORD|PASSWD|CREDENTIALS)$/i;
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
  return values.filter(maskable);
}

/** The values of `env`'s variables named like keys, tokens, secrets and passwords (FT-08). */
export function secretVariableValues(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value && secretVariable.test(name) ? [value] : [],
  );
}

/**
 * Replaces every secret (8 characters or more, not a number) with `***`, the longest first, also
 * as it reads inside a JSON string (escaped). Without secrets it returns its input as it is.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const masked = [
    ...new Set(
      secrets.filter(maskable).flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ].sort((left, right) => right.length - left.length);
  if (masked.length === 0) return (text) => text;
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
