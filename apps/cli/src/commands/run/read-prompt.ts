import type { CliContext } from '../../cli-context.js';

/** The print-mode prompt from stdin (`echo 'prompt' | agentbridge -p`); empty on a terminal. */
export async function readPrompt(
  context: Pick<CliContext, 'stdin' | 'stdinIsTerminal'>,
): Promise<string> {
  if (context.stdinIsTerminal) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of context.stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}
