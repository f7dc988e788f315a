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
  /** SN-11: `--session-mirror`: every entry also goes to the client as a `transcript_mirror` line. */
  readonly mirror?: boolean | undefined;
};

/**
 * SN-01: `transport` with its conversation written to the transcript: the client's prompts as they
 * go in, the messages the client is sent as they come out. The returned `agentSession` names the
 * agent session behind the entries (the `session-opened` event's).
 */
export function recordTranscript(transport: Transport, options: RecordOptions) {
  const { logger } = options;
  // SN-11: entries appended since the last event, sent after it (the SDK's store mirrors them).
  const mirrored: { filePath: string; entries: unknown[] }[] = [];
  const onAppend = (filePath: string, entry: unknown) => {
    const last = mirrored.at(-1);
    if (last?.filePath === filePath) last.entries.push(entry);
    else mirrored.push({ filePath, entries: [entry] });
  };
  const writer = createTranscriptWriter({
    onAppend: options.mirror ? onAppend : undefined,
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
        for (let frame = mirrored.shift(); frame !== undefined; frame = mirrored.shift())
          listener({
            type: 'client-line',
            line: JSON.stringify({ type: 'transcript_mirror', ...frame }),
          });
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
