import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseClientLine } from '@agentbridge/core';
import type { Logger, Transport } from '@agentbridge/core/contracts';
import { errorMessage } from '@agentbridge/core/contracts';
import type { TranscriptWriterOptions } from './transcript-writer.js';
import { createTranscriptWriter } from './transcript-writer.js';

/** `gitBranch` as Claude Code writes it: the checked-out branch, else `HEAD`. */
function gitBranchOf(cwd: string): string {
  for (let directory = cwd; ; directory = dirname(directory)) {
    try {
      const head = readFileSync(join(directory, '.git', 'HEAD'), 'utf8').trim();
      return head.startsWith('ref: refs/heads/') ? head.slice(16) : 'HEAD';
    } catch {
      if (dirname(directory) === directory) return 'HEAD';
    }
  }
}

type RecordOptions = Pick<
  TranscriptWriterOptions,
  'directory' | 'sessionId' | 'parentUuid' | 'seed'
> & {
  readonly cwd: string;
  readonly version: string;
  readonly backendId: string;
  readonly entrypoint: string | undefined;
  readonly logger: Logger;
};

/**
 * SN-01: `transport` with its conversation written to the transcript: the client's prompts as they
 * go in, the messages the client is sent as they come out. The returned `agentSession` names the
 * agent session behind the entries (the `session-opened` event's).
 */
export function recordTranscript(transport: Transport, options: RecordOptions) {
  const { logger } = options;
  const writer = createTranscriptWriter({
    ...options,
    gitBranch: gitBranchOf(options.cwd),
    entrypoint: options.entrypoint || 'cli',
    now: () => new Date(),
    newUuid: randomUUID,
    onError: (error) =>
      logger.warn('the transcript cannot be written', { message: errorMessage(error) }),
  });
  const recorded: Transport = {
    onEvent: (listener) =>
      transport.onEvent((event) => {
        if (event.type === 'client-message') writer.sent(event.message);
        listener(event);
      }),
    start: () => transport.start(),
    writeClientLine(line) {
      // Only prompts are recorded: other lines are not parsed twice.
      if (line.includes('"user"')) {
        const parsed = parseClientLine(line);
        if (parsed.ok && parsed.known && parsed.message.type === 'user')
          writer.prompt(parsed.message);
      }
      return transport.writeClientLine(line);
    },
    endClientInput: () => transport.endClientInput(),
    onInputDrain: (listener) => transport.onInputDrain(listener),
    pauseOutput: () => transport.pauseOutput(),
    resumeOutput: () => transport.resumeOutput(),
    closed: transport.closed.finally(() => writer.close()),
    close: () => transport.close(),
  };
  return { transport: recorded, agentSession: writer.agentSession };
}
