const marker = Symbol.for('agentbridge.error');

/**
 * The stable code of every error agentbridge raises; tools may branch on it. `exit` is a quiet stop
 * with an exit code, `internal` a bug; the others name what failed.
 */
type AgentErrorCode =
  | 'backend-not-found'
  | 'backend-invalid'
  | 'executable-not-found'
  | 'config-invalid'
  | 'usage'
  | 'protocol'
  | 'line-too-long'
  | 'transport-closed'
  | 'handshake-failed'
  | 'timeout'
  | 'exit'
  | 'internal';

/**
 * Base class of every error agentbridge throws. Recognise it with {@link AgentError.isInstance},
 * which works across duplicate installs of `@agentbridge/core` (unlike `instanceof`).
 */
export class AgentError extends Error {
  readonly [marker] = true;
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }

  /** True for any agentbridge error, whichever copy of the package created it. */
  static isInstance(value: unknown): value is AgentError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}

/** One problem in a configuration source: a dotted key path (empty for the whole) and a fix. */
export type ConfigIssue = { readonly path: string; readonly message: string };

/** A configuration file, environment variable or flag holds an unusable value. */
export class ConfigError extends AgentError {
  readonly filePath: string | undefined;
  readonly issues: readonly ConfigIssue[];

  constructor(options: { filePath?: string; issues: readonly ConfigIssue[] }) {
    const lines = options.issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`);
    super('config-invalid', `Invalid ${options.filePath ?? 'configuration'}:\n${lines.join('\n')}`);
    this.filePath = options.filePath;
    this.issues = options.issues;
  }
}

/** The command line is wrong; the message is shown as is (exit code 1 as `claude` does, or 2). */
export class UsageError extends AgentError {
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number } = {}) {
    super('usage', message);
    this.exitCode = options.exitCode ?? 1;
  }
}

/** A bug in agentbridge: an invariant did not hold. */
export class InternalError extends AgentError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal', message, options);
  }
}
