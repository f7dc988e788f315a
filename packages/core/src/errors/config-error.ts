import { AgentError } from './agent-error.js';

/** One problem found in a configuration source. */
export type ConfigIssue = {
  /** Dotted key path, e.g. `backends.codex.command`; empty for the whole file. */
  readonly path: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
};

/** A configuration file, environment variable or flag holds an unusable value. */
export class ConfigError extends AgentError {
  readonly filePath: string | undefined;
  readonly issues: readonly ConfigIssue[];

  constructor(options: { filePath?: string; issues: readonly ConfigIssue[] }) {
    const where = options.filePath ?? 'configuration';
    const lines = options.issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`);
    super('config-invalid', `Invalid ${where}:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
    this.filePath = options.filePath;
    this.issues = options.issues;
  }
}
