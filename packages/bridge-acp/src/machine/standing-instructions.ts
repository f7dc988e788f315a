import type { AcpLaunch } from '../acp-launch.js';

/** PR-06: the neutral header of the standing-instructions block. */
const standingInstructionsHeader = '[Standing instructions -- follow them for this whole session]';

/** PR-06: the footer of the standing-instructions block. */
const standingInstructionsFooter = '[End of standing instructions]';

/** The system-prompt fields of the client's `initialize` request (the Agent SDK sends them there). */
export type ClientSystemPrompt = {
  readonly systemPrompt?: string;
  readonly appendSystemPrompt?: string;
};

/**
 * Reads `systemPrompt` (a string, or the SDK's `string[]` of blocks) and `appendSystemPrompt` of an
 * `initialize` request.
 */
export function readClientSystemPrompt(request: Record<string, unknown>): ClientSystemPrompt {
  const blocks = request.systemPrompt;
  const systemPrompt = Array.isArray(blocks)
    ? blocks.filter((block): block is string => typeof block === 'string').join('\n\n')
    : typeof blocks === 'string'
      ? blocks
      : undefined;
  const append = request.appendSystemPrompt;
  return {
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(typeof append === 'string' ? { appendSystemPrompt: append } : {}),
  };
}

/**
 * The standing instructions of a new session: `--system-prompt` (else the `initialize` request's
 * `systemPrompt`), then `--append-system-prompt` and the request's `appendSystemPrompt`, each
 * trimmed, joined by a blank line. `undefined` when all are empty.
 */
export function standingInstructionsText(
  launch: AcpLaunch,
  client: ClientSystemPrompt = {},
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

/** PR-06: the text block prepended to the first prompt of a new session. */
export function standingInstructionsBlock(text: string): { type: 'text'; text: string } {
  return {
    type: 'text',
    text: `${standingInstructionsHeader}\n${text}\n${standingInstructionsFooter}\n\n`,
  };
}
