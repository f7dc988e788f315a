import { AgentError } from './agent-error.js';

/** The agent command could not be resolved to a file. */
export class ExecutableNotFoundError extends AgentError {
  readonly executable: string;
  readonly searchedPaths: readonly string[];

  constructor(options: {
    executable: string;
    searchedPaths: readonly string[];
    installHint?: string;
  }) {
    const shown = options.searchedPaths.slice(0, 8);
    const more = options.searchedPaths.length > shown.length ? ', ...' : '';
    const hint = options.installHint ? ` Install it with: ${options.installHint}` : '';
    super(
      'executable-not-found',
      `Command '${options.executable}' not found. Searched: ${shown.join(', ') || '(nothing to search)'}${more}.${hint}`,
    );
    this.name = 'ExecutableNotFoundError';
    this.executable = options.executable;
    this.searchedPaths = options.searchedPaths;
  }
}
