import type { LogData, Logger } from '@agentbridge/core/contracts';

/** Values shorter than this are never masked (masking `1` or `on` would garble every line). */
export const minimumSecretLength = 4;

/** Flags whose value is a secret: `--api-key sk-…`, `--token=…`, `--password …`. */
const secretFlagPattern = /^--?[\w-]*(?:key|token|secret|password|passwd|credential|auth)[\w-]*$/i;
/** Values shaped like well-known API keys and tokens. */
const secretValuePattern =
  /^(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|github_pat_|glpat-|xox[abpr]-|AIza|ya29\.)[\w.-]{8,}$/;
/** A long run of token characters mixing letters and digits (a key without a known prefix). */
const opaqueTokenPattern = /^(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[\w+=.-]{32,}$/;

/**
 * The values in a command line that look like secrets: the value of a flag named like a credential
 * (`--api-key X`, `--token=X`) and any argument shaped like an API key or a long opaque token.
 * They are masked in logs and agent output; the arguments themselves are passed unchanged.
 */
export function secretArgumentValues(args: readonly string[]): string[] {
  const values: string[] = [];
  args.forEach((argument, index) => {
    const equals = argument.indexOf('=');
    if (argument.startsWith('-') && equals > 0) {
      const value = argument.slice(equals + 1);
      if (secretFlagPattern.test(argument.slice(0, equals)) || looksLikeSecret(value))
        values.push(value);
      return;
    }
    const next = args[index + 1];
    if (secretFlagPattern.test(argument) && next !== undefined && !next.startsWith('-')) {
      values.push(next);
      return;
    }
    if (looksLikeSecret(argument)) values.push(argument);
  });
  return values.filter((value) => value.length >= minimumSecretLength);
}

function looksLikeSecret(value: string): boolean {
  return secretValuePattern.test(value) || opaqueTokenPattern.test(value);
}

/**
 * Returns a function that replaces every occurrence of the given secrets with `***`. Values shorter
 * than {@link minimumSecretLength} are ignored; longer secrets are replaced first, so a secret that
 * contains another is masked whole.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const masked = [...new Set(secrets)]
    .filter((secret) => secret.length >= minimumSecretLength)
    .sort((left, right) => right.length - left.length);
  if (masked.length === 0) return (text) => text;
  return (text) =>
    masked.reduce(
      (result, secret) => (result.includes(secret) ? result.split(secret).join('***') : result),
      text,
    );
}

/** A logger that masks secrets in every message and in every string inside the data. */
export function createRedactingLogger(logger: Logger, redact: (text: string) => string): Logger {
  const clean = (data: LogData | undefined): LogData | undefined =>
    data === undefined ? undefined : (redactValue(data, redact) as LogData);
  return {
    debug: (message, data) => logger.debug(redact(message), clean(data)),
    info: (message, data) => logger.info(redact(message), clean(data)),
    warn: (message, data) => logger.warn(redact(message), clean(data)),
    error: (message, data) => logger.error(redact(message), clean(data)),
    child: (bindings) => createRedactingLogger(logger.child(bindings), redact),
  };
}

function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactValue(item, redact)]),
    );
  return value;
}
