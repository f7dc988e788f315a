import { AgentError } from './agent-error.js';

/** Stop quietly with this exit code (e.g. the agent's own code). Not a bug. */
export class ExitError extends AgentError {
  readonly exitCode: number;

  constructor(exitCode: number, message = `exit ${exitCode}`) {
    super('exit', message);
    this.name = 'ExitError';
    this.exitCode = exitCode;
  }
}
