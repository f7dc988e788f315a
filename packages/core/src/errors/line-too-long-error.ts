import { AgentError } from './agent-error.js';

/** One NDJSON line exceeded the size limit; it was discarded, the stream goes on. */
export class LineTooLongError extends AgentError {
  readonly limitBytes: number;
  readonly source: string;

  constructor(options: { limitBytes: number; source: string }) {
    super(
      'line-too-long',
      `A line from ${options.source} exceeded ${options.limitBytes} bytes and was discarded.`,
    );
    this.name = 'LineTooLongError';
    this.limitBytes = options.limitBytes;
    this.source = options.source;
  }
}
