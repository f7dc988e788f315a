import type { ClientView, Feature } from './client-view.js';

/** A documented difference: what the bridge shows, given what the real Claude Code showed. */
export type AcpLimit = {
  /** Why ACP cannot carry it (docs/translation/tools-and-permissions.md, "What ACP cannot carry"). */
  readonly why: string;
  readonly bridgeShows: (claude: ClientView) => unknown;
};

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
  },
};
