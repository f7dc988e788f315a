import { AgentError } from './agent-error.js';

/** The command line is wrong; the message is shown as is (exit code 1 as `claude` does, or 2). */
export class UsageError extends AgentError {
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number } = {}) {
    super('usage', message);
    this.name = 'UsageError';
    this.exitCode = options.exitCode ?? 1;
  }
}
