import { AgentError } from './agent-error.js';

/** The requested backend id is not registered. */
export class BackendNotFoundError extends AgentError {
  readonly backendId: string;
  readonly availableBackendIds: readonly string[];

  constructor(options: { backendId: string; availableBackendIds: readonly string[] }) {
    const available = options.availableBackendIds.length
      ? options.availableBackendIds.join(', ')
      : '(none registered)';
    super(
      'backend-not-found',
      `No backend named '${options.backendId}'. Available backends: ${available}. Add a plugin that provides it to "plugins" in .agentrc, or pick one of the available ids.`,
    );
    this.name = 'BackendNotFoundError';
    this.backendId = options.backendId;
    this.availableBackendIds = options.availableBackendIds;
  }
}
