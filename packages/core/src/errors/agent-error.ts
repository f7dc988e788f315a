const marker = Symbol.for('agentbridge.error');

/** The stable code of every agentbridge error (tools may branch on it); `internal` is a bug. */
type AgentErrorCode =
  | 'backend-not-found'
  | 'backend-invalid'
  | 'executable-not-found'
  | 'config-invalid'
  | 'usage'
  | 'line-too-long'
  | 'transport-closed'
  | 'handshake-failed'
  | 'internal';

/** Base class of every error agentbridge throws. */
export class AgentError extends Error {
  readonly [marker] = true;
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }

  /** True for an agentbridge error from any copy of the package (`instanceof` is per copy). */
  static isInstance(value: unknown): value is AgentError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

/** The base class of an error whose `details` become its fields and its message. */
export const detailedError = <Details extends object>(
  code: AgentErrorCode,
  describe: (details: Details) => string,
) =>
  class extends AgentError {
    constructor(details: Details) {
      super(code, describe(details));
      Object.assign(this, details);
    }
  } as unknown as new (
    details: Details,
  ) => AgentError & Readonly<Details>;

/** One problem in a configuration source: a dotted key path (empty for the whole) and a fix. */
export type ConfigIssue = { readonly path: string; readonly message: string };

/** A configuration file, environment variable or flag holds an unusable value. */
export class ConfigError extends detailedError(
  'config-invalid',
  ({ filePath, issues }: { filePath?: string; issues: readonly ConfigIssue[] }) => {
    const lines = issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`);
    return `Invalid ${filePath ?? 'configuration'}:\n${lines.join('\n')}`;
  },
) {}

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
