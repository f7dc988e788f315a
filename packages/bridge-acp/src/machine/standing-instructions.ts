import type { InitializeRequest } from '@agentbridge/core/contracts';
import type { AcpLaunch } from '../acp-launch.js';

/** The system-prompt fields of the client's `initialize` request (the Agent SDK sends them there). */
export type ClientSystemPrompt = {
  readonly systemPrompt?: string;
  readonly appendSystemPrompt?: string;
};

/** Reads `systemPrompt` (a string, or the SDK's `string[]` of blocks) and `appendSystemPrompt`. */
export function readClientSystemPrompt({
  systemPrompt: blocks,
  appendSystemPrompt,
}: InitializeRequest): ClientSystemPrompt {
  const systemPrompt = Array.isArray(blocks) ? blocks.join('\n\n') : blocks;
  return {
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(appendSystemPrompt === undefined ? {} : { appendSystemPrompt }),
  };
}

/**
 * PR-06: the standing instructions of a new session: `--system-prompt` (else the `initialize`
 * request's `systemPrompt`), then `--append-system-prompt` and the request's `appendSystemPrompt`,
 * each trimmed, joined by a blank line; `undefined` when all are empty.
 */
export function standingInstructionsText(
  launch: AcpLaunch,
  client: ClientSystemPrompt,
): string | undefined {
  const parts = [
    launch.systemPrompt ?? client.systemPrompt,
    launch.appendSystemPrompt,
    client.appendSystemPrompt,
  ]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** PR-06: the text block prepended to the first prompt of a new session, with a neutral header. */
export function standingInstructionsBlock(text: string): { type: 'text'; text: string } {
  const header = '[Standing instructions -- follow them for this whole session]';
  return { type: 'text', text: `${header}\n${text}\n[End of standing instructions]\n\n` };
}
