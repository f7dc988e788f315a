/**
 * How a flag takes its value.
 *
 * - `boolean`: no value (`--verbose`). `--flag=value` is accepted and the value ignored.
 * - `value`: exactly one value (`--model x`, `--model=x`).
 * - `optional-value`: a value only in the `--flag=value` form, or as the next argument when that
 *   does not start with `-` (`--resume [id]`).
 * - `variadic`: one or more values, up to the next argument starting with `-`; repeatable; values
 *   may be comma-separated (`--allowedTools A,B C`).
 * - `repeatable`: exactly one value per occurrence, collected in order (`--agent-arg`); the value
 *   may start with `-`.
 */
export type FlagArity = 'boolean' | 'value' | 'optional-value' | 'variadic' | 'repeatable';

/**
 * What agentbridge does with a flag.
 *
 * - `honoured`: it has a meaning here.
 * - `unsupported`: accepted, with a one-line note on stderr (an ACP agent cannot honour it).
 * - `inert`: accepted silently (no observable difference for an ACP agent).
 * - `own`: one of agentbridge's own options; never passed to a real `claude`.
 */
export type FlagSupport = 'honoured' | 'unsupported' | 'inert' | 'own';

/** One command-line flag of `claude` (or of agentbridge itself). */
export type FlagSpecification = {
  /** Canonical long name without dashes (`output-format`). */
  readonly name: string;
  /** Other spellings without dashes (`allowed-tools`, single letters for short forms). */
  readonly aliases?: readonly string[];
  readonly arity: FlagArity;
  readonly support: FlagSupport;
  /** For `variadic` flags: split values on commas as well as on argument boundaries. */
  readonly splitCommas?: boolean;
};

/**
 * Every flag the Claude Agent SDK writes (stream-json.md §1.3), the rest of `claude`'s print-mode
 * flags, and agentbridge's own options.
 */
export const claudeFlags: readonly FlagSpecification[] = [
  // Modes and output.
  { name: 'print', aliases: ['p'], arity: 'boolean', support: 'honoured' },
  { name: 'output-format', arity: 'value', support: 'honoured' },
  { name: 'input-format', arity: 'value', support: 'honoured' },
  { name: 'verbose', arity: 'boolean', support: 'honoured' },
  { name: 'debug', aliases: ['d'], arity: 'boolean', support: 'honoured' },
  { name: 'debug-to-stderr', arity: 'boolean', support: 'honoured' },
  { name: 'debug-file', arity: 'value', support: 'unsupported' },
  { name: 'mcp-debug', arity: 'boolean', support: 'inert' },
  { name: 'include-partial-messages', arity: 'boolean', support: 'honoured' },
  { name: 'replay-user-messages', arity: 'boolean', support: 'honoured' },
  { name: 'include-hook-events', arity: 'boolean', support: 'inert' },
  { name: 'version', aliases: ['v'], arity: 'boolean', support: 'honoured' },
  { name: 'help', aliases: ['h'], arity: 'boolean', support: 'honoured' },
  // Sessions.
  { name: 'resume', aliases: ['r'], arity: 'optional-value', support: 'honoured' },
  { name: 'continue', aliases: ['c'], arity: 'boolean', support: 'honoured' },
  { name: 'session-id', arity: 'value', support: 'honoured' },
  { name: 'fork-session', arity: 'boolean', support: 'honoured' },
  { name: 'resume-session-at', arity: 'value', support: 'unsupported' },
  { name: 'resume-drops-turn', arity: 'value', support: 'unsupported' },
  { name: 'no-session-persistence', arity: 'boolean', support: 'inert' },
  // Model and prompt.
  { name: 'model', arity: 'value', support: 'honoured' },
  { name: 'fallback-model', arity: 'value', support: 'unsupported' },
  { name: 'system-prompt', arity: 'value', support: 'honoured' },
  { name: 'system-prompt-file', arity: 'value', support: 'honoured' },
  { name: 'append-system-prompt', arity: 'value', support: 'honoured' },
  { name: 'append-system-prompt-file', arity: 'value', support: 'honoured' },
  { name: 'agent', arity: 'value', support: 'unsupported' },
  { name: 'agents', arity: 'value', support: 'unsupported' },
  { name: 'json-schema', arity: 'value', support: 'unsupported' },
  // Thinking and budgets.
  { name: 'max-thinking-tokens', arity: 'value', support: 'unsupported' },
  { name: 'thinking', arity: 'value', support: 'unsupported' },
  { name: 'thinking-display', arity: 'value', support: 'unsupported' },
  { name: 'effort', arity: 'value', support: 'unsupported' },
  { name: 'max-turns', arity: 'value', support: 'unsupported' },
  { name: 'max-budget-usd', arity: 'value', support: 'unsupported' },
  { name: 'task-budget', arity: 'value', support: 'unsupported' },
  { name: 'betas', arity: 'variadic', support: 'unsupported', splitCommas: true },
  // Permissions and tools.
  { name: 'permission-mode', arity: 'value', support: 'honoured' },
  { name: 'permission-prompt-tool', arity: 'value', support: 'honoured' },
  { name: 'permission-prompts', arity: 'value', support: 'unsupported' },
  { name: 'dangerously-skip-permissions', arity: 'boolean', support: 'honoured' },
  { name: 'allow-dangerously-skip-permissions', arity: 'boolean', support: 'inert' },
  {
    name: 'allowedTools',
    aliases: ['allowed-tools'],
    arity: 'variadic',
    support: 'honoured',
    splitCommas: true,
  },
  {
    name: 'disallowedTools',
    aliases: ['disallowed-tools'],
    arity: 'variadic',
    support: 'honoured',
    splitCommas: true,
  },
  { name: 'tools', arity: 'variadic', support: 'unsupported', splitCommas: true },
  // MCP, directories, settings, plugins.
  { name: 'mcp-config', arity: 'variadic', support: 'honoured' },
  { name: 'strict-mcp-config', arity: 'boolean', support: 'inert' },
  { name: 'add-dir', arity: 'variadic', support: 'honoured' },
  { name: 'settings', arity: 'value', support: 'unsupported' },
  { name: 'managed-settings', arity: 'value', support: 'unsupported' },
  { name: 'setting-sources', arity: 'value', support: 'inert' },
  { name: 'project-config-root', arity: 'value', support: 'unsupported' },
  { name: 'plugin-dir', arity: 'repeatable', support: 'unsupported' },
  { name: 'plugin-dir-no-mcp', arity: 'repeatable', support: 'unsupported' },
  { name: 'await-initialize', arity: 'boolean', support: 'honoured' },
  { name: 'ide', arity: 'boolean', support: 'inert' },
  // agentbridge's own options.
  { name: 'backend', arity: 'value', support: 'own' },
  { name: 'agent-command', arity: 'value', support: 'own' },
  { name: 'agent-arg', arity: 'repeatable', support: 'own' },
  { name: 'config', arity: 'value', support: 'own' },
  { name: 'json', arity: 'boolean', support: 'own' },
];

/** Looks a flag up by any of its spellings (without dashes). */
export function findFlag(spelling: string): FlagSpecification | undefined {
  return flagsBySpelling.get(spelling);
}

const flagsBySpelling: ReadonlyMap<string, FlagSpecification> = new Map(
  claudeFlags.flatMap((flag) =>
    [flag.name, ...(flag.aliases ?? [])].map((spelling) => [spelling, flag] as const),
  ),
);
