import type { TranscriptEntry } from './read-transcript.js';

/** Characters of history handed over at most (a fraction of any agent's context window). */
const defaultBudget = 60_000;
/** Characters of one tool call's input or result in the summary. */
const toolExcerpt = 400;

const head =
  '[Conversation so far -- it was handed over from an earlier agent session. Continue it as if you had taken part; the user’s next message follows the history.]';
const tail = '[End of the conversation so far]';

type Block = { readonly type?: unknown; readonly [key: string]: unknown };

const excerpt = (text: string) =>
  text.length > toolExcerpt ? `${text.slice(0, toolExcerpt)}… (${text.length} characters)` : text;

/** The text of a tool result's `content` (a string or text blocks). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[])
    .map((block) =>
      block.type === 'text' && typeof block.text === 'string'
        ? block.text
        : `[${String(block.type)}]`,
    )
    .join('\n');
}

/** One entry as lines of the history: who said what, tool calls and results summarised. */
function linesOf(entry: TranscriptEntry): string[] {
  const content = entry.message?.content;
  const role = entry.type === 'assistant' ? 'Assistant' : 'User';
  if (typeof content === 'string') return [`${role}: ${content}`];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).flatMap((block) => {
    if (block.type === 'text' && typeof block.text === 'string') return [`${role}: ${block.text}`];
    if (block.type === 'tool_use')
      return [
        `Assistant called the tool ${String(block.name)}: ${excerpt(JSON.stringify(block.input ?? {}))}`,
      ];
    if (block.type === 'tool_result') {
      const failed = block.is_error === true ? ' (failed)' : '';
      return [`Tool result${failed}: ${excerpt(resultText(block.content))}`];
    }
    if (block.type === 'image') return [`${role}: [an image]`];
    return [];
  });
}

/**
 * SN-08: a compact history prompt of `chain` for an agent that did not take part: the turns in
 * order, tool calls and results summarised, the oldest lines dropped to stay within `budget`.
 */
export function handoverHistory(chain: readonly TranscriptEntry[], budget = defaultBudget): string {
  const lines = chain.flatMap(linesOf);
  let size = head.length + tail.length;
  let first = lines.length;
  while (first > 0 && size + (lines[first - 1]?.length ?? 0) + 1 <= budget) {
    first -= 1;
    size += (lines[first]?.length ?? 0) + 1;
  }
  const dropped = first > 0 ? [`[${first} earlier lines left out]`] : [];
  return [head, ...dropped, ...lines.slice(first), tail].join('\n');
}
