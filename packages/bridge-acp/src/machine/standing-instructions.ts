import type { AcpLaunch } from '../acp-launch.js';

/** PR-06: the neutral header of the standing-instructions block. */
export const standingInstructionsHeader =
  '[Standing instructions -- follow them for this whole session]';

/** PR-06: the footer of the standing-instructions block. */
export const standingInstructionsFooter = '[End of standing instructions]';

/**
 * The standing instructions of a new session: `--system-prompt` then `--append-system-prompt`,
 * each trimmed, joined by a blank line. `undefined` when both are empty.
 */
export function standingInstructionsText(launch: AcpLaunch): string | undefined {
  const parts = [launch.systemPrompt, launch.appendSystemPrompt]
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
