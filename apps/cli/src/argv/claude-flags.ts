/**
 * How a flag takes its value: `boolean` none (`--flag=x` accepted, value ignored); `value` exactly
 * one; `optional-value` one as `--flag=x` or as a next argument not starting with `-`; `variadic`
 * up to the next `-` argument, repeatable; `repeatable` exactly one per use (it may start with `-`).
 */
type FlagArity = 'boolean' | 'value' | 'optional-value' | 'variadic' | 'repeatable';

/**
 * `honoured`: has a meaning here; `unsupported`: accepted with a note on stderr; `inert`: accepted
 * silently; `own`: agentbridge's option, never passed to a real `claude`.
 */
type FlagSupport = 'honoured' | 'unsupported' | 'inert' | 'own';

// One group per line: support, arity, then the flags: the canonical name without dashes, other
// spellings after `/` (single letters are short forms), a trailing `,` for values split on commas.
const table = `
honoured boolean print/p verbose debug/d debug-to-stderr include-partial-messages version/v help/h
honoured boolean replay-user-messages continue/c fork-session dangerously-skip-permissions
honoured boolean await-initialize
honoured value output-format input-format session-id model system-prompt system-prompt-file
honoured value append-system-prompt append-system-prompt-file permission-mode permission-prompt-tool
honoured optional-value resume/r
honoured variadic allowedTools/allowed-tools, disallowedTools/disallowed-tools, mcp-config add-dir
unsupported value debug-file resume-session-at resume-drops-turn fallback-model agent agents
unsupported value json-schema max-thinking-tokens thinking thinking-display effort max-turns
unsupported value max-budget-usd task-budget permission-prompts settings managed-settings
unsupported value project-config-root
unsupported variadic betas, tools,
unsupported repeatable plugin-dir plugin-dir-no-mcp
inert boolean mcp-debug include-hook-events no-session-persistence strict-mcp-config ide
inert boolean allow-dangerously-skip-permissions
inert value setting-sources
own value backend agent-command config
own repeatable agent-arg
own boolean json`;

/** Every flag the Claude Agent SDK writes, the rest of `claude`'s print-mode flags, and ours. */
export const claudeFlags = table
  .trim()
  .split('\n')
  .flatMap((line) => {
    const [support, arity, ...entries] = line.split(' ') as [FlagSupport, FlagArity, ...string[]];
    return entries.map((entry) => {
      const [name = '', ...aliases] = entry.replace(/,$/, '').split('/');
      return { name, aliases, arity, support, splitCommas: entry.endsWith(',') };
    });
  });

const flagsBySpelling = new Map(
  claudeFlags.flatMap((flag) => [flag.name, ...flag.aliases].map((key) => [key, flag] as const)),
);

/** Looks a flag up by any of its spellings (without dashes). */
export function findFlag(spelling: string) {
  return flagsBySpelling.get(spelling);
}
