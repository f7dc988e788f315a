import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';

/** One `canUseTool` call the client's callback received. */
export type AskedTool = { readonly toolName: string; readonly input: Record<string, unknown> };

/**
 * What a Claude Agent SDK client sees of one run, with the volatile values normalised (ids, uuids,
 * timings and costs left out; the run's scratch paths as `<work>` and `<home>`): the features the
 * differential test compares, one key each.
 */
export type ClientView = {
  readonly text: readonly string[];
  readonly thinking: readonly string[];
  readonly toolUses: readonly { readonly name: string; readonly input: unknown }[];
  readonly canUseTool: readonly AskedTool[];
  readonly toolResults: readonly { readonly content: unknown; readonly isError: boolean }[];
  /** Per turn (each `result`); the subtype with the `terminal_reason`. */
  readonly resultSubtype: readonly string[];
  readonly resultText: readonly (string | undefined)[];
  readonly permissionDenials: readonly { readonly toolName: string; readonly input: unknown }[];
  readonly usagePresent: readonly boolean[];
  readonly files: Readonly<Record<string, string>>;
  /** `system/init` lines per turn (up to each `result`): one each with the real CLI (H-13). */
  readonly initsPerTurn: readonly number[];
  /** Per turn: `is_error`, `errors` and `num_turns`. */
  readonly resultErrors: readonly {
    readonly isError: boolean;
    readonly errors?: readonly string[];
    readonly numTurns: number;
  }[];
  /** Per turn: `structured_output`. */
  readonly structuredOutput: readonly unknown[];
  /** The `hook_callback`s the client's hooks received, in order (HookInput, ids left out). */
  readonly hooks: readonly unknown[];
  /** The tool results the model received in its last request (Claude Code's reminders left out). */
  readonly modelToolResults: readonly { readonly content: unknown; readonly isError: boolean }[];
  /** Whether any model request contained each of the scenario's `modelSees` strings. */
  readonly modelSaw: Readonly<Record<string, boolean>>;
};

/** What the client does not see but the test records beside the stream (hooks, the model's side). */
export type RunRecord = {
  readonly hooks: readonly Record<string, unknown>[];
  readonly requests: readonly { readonly messages: readonly { content: unknown }[] }[];
  readonly modelSees: readonly string[];
};

/** The features of a {@link ClientView}, in report order. */
export const features = [
  'text',
  'thinking',
  'toolUses',
  'canUseTool',
  'toolResults',
  'resultSubtype',
  'resultText',
  'permissionDenials',
  'usagePresent',
  'files',
  'initsPerTurn',
  'resultErrors',
  'structuredOutput',
  'hooks',
  'modelToolResults',
  'modelSaw',
] as const satisfies readonly (keyof ClientView)[];

export type Feature = (typeof features)[number];

/** Replaces the run's scratch directories by placeholders, anywhere in a JSON value. */
export function normalizePaths<T>(value: T, paths: Readonly<Record<string, string>>): T {
  let text = JSON.stringify(value) ?? 'null';
  // Longest first: the work directory may sit inside the home directory.
  for (const [path, placeholder] of Object.entries(paths).sort((a, b) => b[0].length - a[0].length))
    text = text.replaceAll(path, placeholder);
  return JSON.parse(text) as T;
}

type Block = { type: string; [key: string]: unknown };

/** The client's view of `messages` (one run), with the `canUseTool` calls and the files on disk. */
export function clientViewOf(
  messages: readonly SDKMessage[],
  asked: readonly AskedTool[],
  files: Readonly<Record<string, string>>,
  paths: Readonly<Record<string, string>>,
  record: RunRecord,
): ClientView {
  const assistantBlocks = messages.flatMap((message) =>
    message.type === 'assistant' ? (message.message.content as unknown as Block[]) : [],
  );
  const userBlocks = messages.flatMap((message) =>
    message.type === 'user' && Array.isArray(message.message.content)
      ? (message.message.content as unknown as Block[])
      : [],
  );
  const results = messages.filter((message) => message.type === 'result');
  return normalizePaths(
    {
      text: assistantBlocks.flatMap((block) => (block.type === 'text' ? [String(block.text)] : [])),
      thinking: assistantBlocks.flatMap((block) =>
        block.type === 'thinking' ? [String(block.thinking)] : [],
      ),
      toolUses: assistantBlocks.flatMap((block) =>
        block.type === 'tool_use' ? [{ name: String(block.name), input: block.input }] : [],
      ),
      canUseTool: asked,
      toolResults: userBlocks.flatMap((block) =>
        block.type === 'tool_result'
          ? [{ content: flatContent(block.content), isError: block.is_error === true }]
          : [],
      ),
      resultSubtype: results.map((result) => `${result.subtype} ${result.terminal_reason}`),
      resultText: results.map((result) => ('result' in result ? result.result : undefined)),
      permissionDenials: results.flatMap((result) =>
        result.permission_denials.map((denial) => ({
          toolName: denial.tool_name,
          input: denial.tool_input,
        })),
      ),
      // Token counts: the interrupted turn of the real CLI reports none, like the bridge's.
      usagePresent: results.map(({ usage }) => usage.input_tokens > 0 && usage.output_tokens > 0),
      files,
      initsPerTurn: messages
        .reduce<number[]>(
          (counts, message) => {
            const isInit = message.type === 'system' && message.subtype === 'init';
            if (isInit) counts.push((counts.pop() ?? 0) + 1);
            if (message.type === 'result') counts.push(0);
            return counts;
          },
          [0],
        )
        .slice(0, -1),
      resultErrors: results.map((result) => ({
        isError: result.is_error,
        errors: 'errors' in result ? result.errors : undefined,
        numTurns: result.num_turns,
      })),
      structuredOutput: results.map((result) =>
        'structured_output' in result ? result.structured_output : undefined,
      ),
      hooks: hookInputs(record.hooks),
      modelToolResults: (record.requests.at(-1)?.messages ?? []).flatMap(({ content }) =>
        Array.isArray(content)
          ? (content as Block[]).flatMap((block) =>
              block.type === 'tool_result'
                ? [{ content: withoutReminders(block.content), isError: block.is_error === true }]
                : [],
            )
          : [],
      ),
      modelSaw: Object.fromEntries(
        record.modelSees.map((text) => [text, JSON.stringify(record.requests).includes(text)]),
      ),
    },
    paths,
  );
}

/** A tool_result's content as text when it is only text (a string or text blocks). */
function flatContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  const blocks = content as Block[];
  return blocks.every((block) => block.type === 'text')
    ? blocks.map((block) => String(block.text)).join('\n')
    : content;
}

/** Hook inputs without their ids; each distinct `prompt_id` as `prompt-<n>` (HK-03). */
function hookInputs(inputs: readonly Record<string, unknown>[]): unknown[] {
  const prompts: unknown[] = [];
  return inputs.map(({ session_id, transcript_path, tool_use_id, prompt_id, ...input }) => {
    if (prompt_id === undefined) return input;
    if (!prompts.includes(prompt_id)) prompts.push(prompt_id);
    return { ...input, prompt_id: `prompt-${prompts.indexOf(prompt_id) + 1}` };
  });
}

/** A tool result's content without the `<system-reminder>` blocks Claude Code appends (token counts). */
function withoutReminders(content: unknown): unknown {
  const flat = flatContent(content);
  return typeof flat === 'string'
    ? flat.replace(/\s*<system-reminder>[\s\S]*?<\/system-reminder>/g, '')
    : flat;
}
