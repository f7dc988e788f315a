import { AgentError } from './agent-error.js';

/** A bug in agentbridge: an invariant did not hold. */
export class InternalError extends AgentError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal', message, options);
    this.name = 'InternalError';
  }
}
