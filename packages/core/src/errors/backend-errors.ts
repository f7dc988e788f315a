import { AgentError } from './agent-error.js';

/** The requested backend id is not registered. */
export class BackendNotFoundError extends AgentError {
  readonly backendId: string;
  readonly availableBackendIds: readonly string[];

  constructor(options: { backendId: string; availableBackendIds: readonly string[] }) {
    const available = options.availableBackendIds.join(', ') || '(none registered)';
    super(
      'backend-not-found',
      `No backend named '${options.backendId}'. Available backends: ${available}. Add a plugin that provides it to "plugins" in .agentrc, or pick one of the available ids.`,
    );
    this.backendId = options.backendId;
    this.availableBackendIds = options.availableBackendIds;
  }
}

/** Two registrations claim the same backend id. */
export class DuplicateBackendError extends AgentError {
  readonly backendId: string;
  readonly sources: readonly string[];

  constructor(options: { backendId: string; sources: readonly string[] }) {
    super(
      'backend-invalid',
      `Backend id '${options.backendId}' is registered more than once (by ${options.sources.join(' and ')}). Remove one of the plugins or give it another id.`,
    );
    this.backendId = options.backendId;
    this.sources = options.sources;
  }
}

/** The agent command could not be resolved to a file. */
export class ExecutableNotFoundError extends AgentError {
  readonly executable: string;
  readonly searchedPaths: readonly string[];

  constructor(options: {
    executable: string;
    searchedPaths: readonly string[];
    installHint?: string;
  }) {
    const shown = options.searchedPaths.slice(0, 8).join(', ') || '(nothing to search)';
    const more = options.searchedPaths.length > 8 ? ', ...' : '';
    const hint = options.installHint ? ` Install it with: ${options.installHint}` : '';
    super(
      'executable-not-found',
      `Command '${options.executable}' not found. Searched: ${shown}${more}.${hint}`,
    );
    this.executable = options.executable;
    this.searchedPaths = options.searchedPaths;
  }
}

/** One NDJSON line exceeded the size limit; it was discarded, the stream goes on. */
export class LineTooLongError extends AgentError {
  readonly limitBytes: number;
  readonly source: string;

  constructor(options: { limitBytes: number; source: string }) {
    super(
      'line-too-long',
      `A line from ${options.source} exceeded ${options.limitBytes} bytes and was discarded.`,
    );
    this.limitBytes = options.limitBytes;
    this.source = options.source;
  }
}
