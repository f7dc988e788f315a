// One group per line: support, arity, then the flags: the canonical name without dashes, other
// spellings after `/` (single letters are short forms), a trailing `,` for values split on commas.
// Support: `honoured` has a meaning here, `unsupported` is accepted with a note on stderr, `inert`
// silently, `own` is agentbridge's option (never passed to a real `claude`).
// Arity: `boolean` takes no value (`--flag=x` accepted, value ignored); `value` exactly one;
// `optional-value` one as `--flag=x` or as a next argument not starting with `-`; `variadic` up to
// the next `-` argument, repeatable; `repeatable` exactly one per use (it may start with `-`).
type Support = 'honoured' | 'unsupported' | 'inert' | 'own';
type Arity = 'boolean' | 'value' | 'optional-value' | 'variadic' | 'repeatable';
const table = `
honoured boolean print/p verbose debug-to-stderr include-partial-messages version/v help/h
honoured optional-value debug/d
honoured boolean replay-user-messages continue/c fork-session dangerously-skip-permissions
honoured boolean await-initialize
honoured value output-format input-format session-id model system-prompt system-prompt-file
honoured value append-system-prompt append-system-prompt-file permission-mode permission-prompt-tool
honoured optional-value resume/r
honoured variadic allowedTools/allowed-tools, disallowedTools/disallowed-tools, mcp-config add-dir
honoured value fallback-model max-thinking-tokens thinking effort max-turns max-budget-usd
honoured variadic tools,
honoured value resume-session-at
unsupported value debug-file resume-drops-turn agent agents
honoured value json-schema settings setting-sources
unsupported value thinking-display task-budget permission-prompts
unsupported value managed-settings project-config-root
unsupported variadic betas,
unsupported repeatable plugin-dir plugin-dir-no-mcp
honoured boolean no-session-persistence
inert boolean mcp-debug include-hook-events strict-mcp-config ide
inert boolean allow-dangerously-skip-permissions
unsupported boolean bare safe-mode brief disable-slash-commands restricted ax-screen-reader chrome
unsupported boolean no-chrome desktop bg/background tmux exclude-dynamic-system-prompt-sections
unsupported boolean forward-subagent-text
own value backend agent-command config
own repeatable agent-arg
own boolean json`;

/** Every flag the Claude Agent SDK writes, the rest of `claude`'s print-mode flags, and ours. */
export const claudeFlags = table
  .trim()
  .split('\n')
  .flatMap((line) => {
    const [support, arity, ...entries] = line.split(' ') as [Support, Arity, ...string[]];
    return entries.map((entry) => {
      const [name = '', ...aliases] = entry.replace(/,$/, '').split('/');
      return { name, aliases, arity, support, splitCommas: entry.endsWith(',') };
    });
  });

/** Looks a flag up by any of its spellings (without dashes). */
export const findFlag = (spelling: string) =>
  claudeFlags.find((flag) => flag.name === spelling || flag.aliases.includes(spelling));

const isFlagLike = (argument: string | undefined) =>
  argument?.startsWith('-') === true && argument !== '-';

/**
 * Splits `argv` as `claude`'s parser does (`--flag value`, `--flag=value`, clustered `-pc`, `--`);
 * never throws. Known flags' values by canonical name, in order of first use; unknown flags
 * as written with the value each took; `passthrough`: the arguments without our own options.
 */
export function tokenizeArgv(argv: readonly string[]) {
  const flags = new Map<string, string[]>();
  const positionals: string[] = [];
  const unknownFlags: string[] = [];
  const passthrough: string[] = [];
  const record = (name: string, values: readonly string[]) =>
    flags.set(name, [...(flags.get(name) ?? []), ...values]);

  let index = 0;
  while (index < argv.length) {
    const start = index;
    const argument = argv[index++] as string;
    if (argument === '--') {
      passthrough.push(...argv.slice(start));
      positionals.push(...argv.slice(index));
      break;
    }
    if (!isFlagLike(argument)) {
      positionals.push(argument);
      passthrough.push(argument);
      continue;
    }
    const isLong = argument.startsWith('--');
    const body = argument.slice(isLong ? 2 : 1);
    const equalsAt = body.indexOf('=');
    const spelling = equalsAt === -1 ? body : body.slice(0, equalsAt);
    const inline = equalsAt === -1 ? undefined : body.slice(equalsAt + 1);
    if (!isLong && spelling.length > 1 && inline === undefined) {
      const cluster = [...spelling].map(findFlag);
      if (cluster.every((flag) => flag?.arity === 'boolean')) {
        for (const flag of cluster) if (flag) record(flag.name, []);
        passthrough.push(argument);
        continue;
      }
    }
    const flag = findFlag(spelling);
    const nextIsValue = index < argv.length && !isFlagLike(argv[index]);
    if (!flag) {
      const takesNext = inline === undefined && nextIsValue;
      unknownFlags.push(takesNext ? `${argument} ${argv[index++]}` : argument);
      passthrough.push(...argv.slice(start, index));
      continue;
    }
    const values: string[] = [];
    if (inline !== undefined) {
      if (flag.arity !== 'boolean') values.push(inline);
    } else if (flag.arity === 'variadic') {
      while (index < argv.length && !isFlagLike(argv[index])) values.push(argv[index++] as string);
    } else if (flag.arity === 'repeatable' ? index < argv.length : nextIsValue) {
      if (flag.arity !== 'boolean') values.push(argv[index++] as string);
    } else if (flag.arity === 'value' || flag.arity === 'repeatable') {
      values.push('');
    }
    record(flag.name, flag.splitCommas ? values.flatMap(splitList) : values);
    if (flag.support !== 'own') passthrough.push(...argv.slice(start, index));
  }
  return { flags, positionals, unknownFlags, passthrough };
}

/** Splits a tool list on commas and whitespace outside parentheses (`Read,Bash(git status:*)`). */
function splitList(value: string): string[] {
  const items = [''];
  let depth = 0;
  for (const character of value) {
    depth = Math.max(0, depth + (character === '(' ? 1 : character === ')' ? -1 : 0));
    if (depth === 0 && (character === ',' || /\s/.test(character))) items.push('');
    else items[items.length - 1] += character;
  }
  return items.filter((item) => item !== '');
}
