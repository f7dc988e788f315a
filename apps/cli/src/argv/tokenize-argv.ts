import { findFlag } from './claude-flags.js';

/** The command line split into flags and positionals, before any meaning is given to them. */
export type TokenizedArgv = {
  /** Values of each known flag by canonical name; boolean flags hold `[]` per occurrence. */
  readonly flags: ReadonlyMap<string, readonly string[]>;
  /** How many times each known flag occurred. */
  readonly counts: ReadonlyMap<string, number>;
  /** Arguments that are not flags or flag values, in order. */
  readonly positionals: readonly string[];
  /** Unknown flags as written (`--foo`, `--foo=bar`), each followed by the value it consumed. */
  readonly unknownFlags: readonly string[];
  /** The original arguments without agentbridge's own options, for a real `claude`. */
  readonly passthrough: readonly string[];
};

/**
 * Splits `argv` (without `node` and the script) the way `claude`'s parser does: `--flag value` and
 * `--flag=value`, repeatable and variadic flags, `-p`-style short flags (also clustered, `-pc`),
 * and `--` to end the options. Never throws: unknown flags are collected for a warning.
 */
export function tokenizeArgv(argv: readonly string[]): TokenizedArgv {
  const flags = new Map<string, string[]>();
  const counts = new Map<string, number>();
  const positionals: string[] = [];
  const unknownFlags: string[] = [];
  const passthrough: string[] = [];

  const record = (name: string, values: readonly string[]) => {
    flags.set(name, [...(flags.get(name) ?? []), ...values]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const isFlagLike = (argument: string | undefined) =>
    argument?.startsWith('-') === true && argument !== '-';

  let index = 0;
  while (index < argv.length) {
    const argument = argv[index] as string;
    const start = index;
    index += 1;

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
    const body = isLong ? argument.slice(2) : argument.slice(1);
    const equalsAt = body.indexOf('=');
    const spelling = equalsAt === -1 ? body : body.slice(0, equalsAt);
    const inlineValue = equalsAt === -1 ? undefined : body.slice(equalsAt + 1);

    if (!isLong && spelling.length > 1 && inlineValue === undefined) {
      const letters = [...spelling];
      const cluster = letters.map((letter) => findFlag(letter));
      if (cluster.every((flag) => flag?.arity === 'boolean')) {
        for (const flag of cluster) if (flag) record(flag.name, []);
        passthrough.push(argument);
        continue;
      }
    }

    const flag = findFlag(spelling);
    if (!flag) {
      let consumed = argument;
      if (inlineValue === undefined && index < argv.length && !isFlagLike(argv[index])) {
        consumed = `${argument} ${argv[index]}`;
        index += 1;
      }
      unknownFlags.push(consumed);
      passthrough.push(...argv.slice(start, index));
      continue;
    }

    const values: string[] = [];
    switch (flag.arity) {
      case 'boolean':
        break;
      case 'value':
      case 'repeatable':
        if (inlineValue !== undefined) values.push(inlineValue);
        else if (index < argv.length && (flag.arity === 'repeatable' || !isFlagLike(argv[index]))) {
          values.push(argv[index] as string);
          index += 1;
        } else values.push('');
        break;
      case 'optional-value':
        if (inlineValue !== undefined) values.push(inlineValue);
        else if (index < argv.length && !isFlagLike(argv[index])) {
          values.push(argv[index] as string);
          index += 1;
        }
        break;
      case 'variadic':
        if (inlineValue !== undefined) {
          values.push(inlineValue);
          break;
        }
        while (index < argv.length && !isFlagLike(argv[index])) {
          values.push(argv[index] as string);
          index += 1;
        }
        break;
    }
    const split = flag.splitCommas ? values.flatMap(splitList) : values;
    record(flag.name, split);
    if (flag.support !== 'own') passthrough.push(...argv.slice(start, index));
  }

  return { flags, counts, positionals, unknownFlags, passthrough };
}

/**
 * Splits a tool list on commas and whitespace outside parentheses, so `Read,Bash(git status:*)`
 * gives `Read` and `Bash(git status:*)`.
 */
export function splitList(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of value) {
    if (character === '(') depth += 1;
    else if (character === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (character === ',' || /\s/.test(character))) {
      if (current) items.push(current);
      current = '';
    } else current += character;
  }
  if (current) items.push(current);
  return items;
}
