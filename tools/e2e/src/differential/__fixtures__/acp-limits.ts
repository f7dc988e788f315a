import type { ClientView, Feature } from './client-view.js';

/** A documented difference: what the bridge shows, given what the real Claude Code showed. */
export type AcpLimit = {
  /** Why ACP cannot carry it (docs/translation/tools-and-permissions.md, "What ACP cannot carry"). */
  readonly why: string;
  readonly bridgeShows: (claude: ClientView) => unknown;
  /** Not an ACP limit: a difference of the bridge's own, reported and pinned until fixed. */
  readonly open?: true;
};

/** What the model reads when the bridge refused a call: claude-agent-acp's words, no reason. */
const refused: AcpLimit = {
  why:
    "An ACP permission answer is an option id, with no message: claude-agent-acp tells Claude Code 'User " +
    "refused permission to run tool', not the client's or the hook's reason (the client's " +
    'tool_result does carry it).',
  bridgeShows: (claude) =>
    claude.modelToolResults.map((result) => ({
      ...result,
      content: 'User refused permission to run tool',
    })),
};

/** The agent's turn goes on after StructuredOutput: one more model call, its text shown. */
const structuredOutputTurn = (extra: (claude: ClientView) => unknown): AcpLimit => ({
  why:
    "ACP cannot end the agent's turn at a tool call short of session/cancel (an interrupt): the " +
    "agent tells its model the tool's answer (Structured output provided successfully) and the " +
    'model answers once more before the turn ends (mcp-and-structured-output.md §6).',
  bridgeShows: extra,
});

type Todo = { readonly content: string; readonly status: string; readonly activeForm?: string };

/**
 * The differences ACP cannot avoid, per scenario and feature (DF-02); each is checked to be
 * exactly this, so a change on either side shows up.
 */
export const acpLimits: Readonly<Record<string, Partial<Record<Feature, AcpLimit>>>> = {
  'todo list': {
    toolUses: {
      why:
        'An ACP plan entry has content, status and priority, no activeForm: claude-agent-acp ' +
        'sends the activeForm as the content of the entry in progress; the bridge shows the ' +
        'plan as TodoWrite {todos:[{content, status}]}.',
      bridgeShows: (claude) =>
        claude.toolUses.map((use) => {
          if (use.name !== 'TodoWrite') return use;
          const todos = (use.input as { todos: Todo[] }).todos.map((todo) => ({
            content: todo.status === 'in_progress' ? todo.activeForm : todo.content,
            status: todo.status,
          }));
          return { name: 'TodoWrite', input: { todos } };
        }),
    },
    resultErrors: {
      why:
        'claude-agent-acp shows TodoWrite only as an ACP plan, not as a tool call: the bridge sees ' +
        'no tool round end, so num_turns counts the model call after it one short.',
      bridgeShows: (claude) =>
        claude.resultErrors.map((result) => ({ ...result, numTurns: result.numTurns - 1 })),
    },
  },
  'shell deny': { modelToolResults: refused },
  'pre-tool hook deny': { modelToolResults: refused },
  'settings command hook block': { modelToolResults: refused },
  'structured output': {
    text: structuredOutputTurn(() => ['Answered.']),
    modelToolResults: structuredOutputTurn(() => [
      { content: 'Structured output provided successfully', isError: false },
    ]),
  },
  interrupt: {
    resultErrors: {
      open: true,
      why:
        "Claude Code 2.1.332's interrupted turn says errors: ['[ede_diagnostic] result_type=user " +
        "last_content_type=n/a stop_reason=null'] (its loop's state) with num_turns 2; the bridge " +
        "says ['[Request interrupted by user]'] (R-05) with num_turns 1.",
      bridgeShows: (claude) => [
        { isError: true, errors: ['[Request interrupted by user]'], numTurns: 1 },
        ...claude.resultErrors.slice(1),
      ],
    },
  },
};
