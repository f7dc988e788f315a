import { AgentError } from './agent-error.js';

/** Two registrations claim the same backend id. */
export class DuplicateBackendError extends AgentError {
  readonly backendId: string;
  readonly sources: readonly string[];

  constructor(options: { backendId: string; sources: readonly string[] }) {
    super(
      'backend-invalid',
      `Backend id '${options.backendId}' is registered more than once (by ${options.sources.join(' and ')}). Remove one of the plugins or give it another id.`,
    );
    this.name = 'DuplicateBackendError';
    this.backendId = options.backendId;
    this.sources = options.sources;
  }
}
