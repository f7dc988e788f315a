import { detailedError } from './agent-error.js';

/** The requested backend id is not registered; `source` set it, `suggestion` is a close id. */
export class BackendNotFoundError extends detailedError(
  'backend-not-found',
  (details: {
    backendId: string;
    availableBackendIds: readonly string[];
    source?: string;
    suggestion?: string;
  }) =>
    `No backend named '${details.backendId}'${details.source ? ` (set by ${details.source})` : ''}.${details.suggestion ? ` Did you mean '${details.suggestion}'?` : ''} Available backends: ${details.availableBackendIds.join(', ') || '(none registered)'}. Add a plugin that provides it to "plugins" in .agentrc, or pick one of the available ids.`,
) {}

/** Two registrations claim the same backend id. */
export class DuplicateBackendError extends detailedError(
  'backend-invalid',
  ({ backendId, sources }: { backendId: string; sources: readonly string[] }) =>
    `Backend id '${backendId}' is registered more than once (by ${sources.join(' and ')}). Remove one of the plugins or give it another id.`,
) {}

/** The agent command could not be resolved to a file. */
export class ExecutableNotFoundError extends detailedError(
  'executable-not-found',
  (details: { executable: string; searchedPaths: readonly string[]; installHint?: string }) => {
    const { executable, searchedPaths, installHint } = details;
    const shown = searchedPaths.slice(0, 8).join(', ') || '(nothing to search)';
    const more = searchedPaths.length > 8 ? ', ...' : '';
    const hint = installHint ? ` Install it with: ${installHint}` : '';
    return `Command '${executable}' not found. Searched: ${shown}${more}.${hint}`;
  },
) {}

/** One NDJSON line exceeded the size limit; it was discarded, the stream goes on. */
export class LineTooLongError extends detailedError(
  'line-too-long',
  ({ limitBytes, source }: { limitBytes: number; source: string }) =>
    `A line from ${source} exceeded ${limitBytes} bytes and was discarded.`,
) {}
