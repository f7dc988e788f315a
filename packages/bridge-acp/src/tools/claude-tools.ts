/**
 * The shared table for agents without a backend of their own (and after any backend's own): the
 * tool ids and titles ACP agents commonly use → Claude tool names (T-10).
 */
export const toolNameByCommonId: Readonly<Record<string, string>> = {
  ...of('Bash', 'shell bash exec exec_command execute_command run_command run_shell_command'),
  ...of('Bash', 'run_terminal_cmd terminal Shell Terminal'),
  ...of('Write', 'write write_file create_file'),
  ...of('Edit', 'edit edit_file str_replace replace'),
  ...of('MultiEdit', 'multi_edit multiedit'),
  ...of('Read', 'read read_file view_file'),
  ...of('Grep', 'grep grep_search search_file_content ripgrep'),
  ...of('Glob', 'glob find_files file_search'),
  ...of('LS', 'ls list_directory list_dir list_files'),
  ...of('WebFetch', 'fetch web_fetch webfetch fetch_url'),
  ...of('WebSearch', 'web_search websearch google_web_search search_web'),
  ...of('TodoWrite', 'todo_write todowrite write_todos update_plan update_todos'),
  ...of('Task', 'task agent spawn_agent invoke_agent dispatch_agent'),
  ...of('NotebookEdit', 'notebook_edit'),
};

/** A source of a Claude input field (T-04): an agent `rawInput` key, or `@…` a frame fact. */
type Sources = readonly string[];

/**
 * The input fields of Claude's tools that a client reads, each with the sources that commonly hold
 * it, first present wins (T-04): `rawInput` keys, `@location` (the first location's path),
 * `@titleCommand` (a shell call's command line in its title, GA-08),
 * `@diff.path`, `@diff.oldText`, `@diff.newText` (the first diff). A backend adds its own sources
 * first (`quirks.toolInputKeys`, where `@title` is also allowed).
 */
export const claudeToolFields: Readonly<Record<string, Readonly<Record<string, Sources>>>> = {
  Bash: {
    command: ['command', 'cmd', 'commands', 'script', '@titleCommand'],
    description: ['description'],
  },
  Write: { file_path: filePath(), content: ['content', 'contents', 'text', '@diff.newText'] },
  Edit: {
    file_path: filePath(),
    old_string: ['old_string', 'old_str', 'oldText', 'old_text', '@diff.oldText'],
    new_string: ['new_string', 'new_str', 'newText', 'new_text', '@diff.newText'],
    replace_all: ['replace_all'],
  },
  MultiEdit: { file_path: filePath(), edits: ['edits'] },
  Read: { file_path: filePath(), offset: ['offset'], limit: ['limit'] },
  NotebookEdit: {
    notebook_path: ['notebook_path', 'path', '@location'],
    new_source: ['new_source'],
  },
  Grep: { pattern: ['pattern', 'query', 'regex'], path: ['path', 'dir_path'], glob: ['glob'] },
  Glob: { pattern: ['pattern', 'glob'], path: ['path', 'dir_path'] },
  LS: { path: ['path', 'dir_path', 'directory', '@location'] },
  WebFetch: { url: ['url', 'uri'], prompt: ['prompt'] },
  WebSearch: { query: ['query'] },
  TodoWrite: { todos: ['todos'] },
  Task: {
    description: ['description'],
    prompt: ['prompt', 'task'],
    subagent_type: ['subagent_type'],
  },
};

/**
 * The fields without which a running call's input is not known yet (T-06): an agent may report a
 * file write or edit running before its diff.
 */
export const requiredClaudeFields: Readonly<Record<string, readonly string[]>> = {
  Bash: ['command'],
  Write: ['file_path', 'content'],
  Edit: ['file_path', 'old_string', 'new_string'],
  MultiEdit: ['file_path', 'edits'],
};

/** The real CLI's `tool_result` text for a `TodoWrite` (the bridge's plan updates, T-40). */
export const todoWriteResultText =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';

function of(name: string, ids: string): Record<string, string> {
  return Object.fromEntries(ids.split(' ').map((id) => [id, name]));
}

function filePath(): Sources {
  return ['file_path', 'path', 'filePath', 'absolute_path', '@diff.path', '@location'];
}
