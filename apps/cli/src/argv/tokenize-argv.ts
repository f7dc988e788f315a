import { findFlag } from './claude-flags.js';

const isFlagLike = (argument: string | undefined) =>
  argument?.startsWith('-') === true && argument !== '-';

/**
 * Splits `argv` the way `claude`'s parser does: `--flag value` and `--flag=value`, repeatable and
 * variadic flags, short flags (also clustered, `-pc`) and `--`. Never throws. Returns the values
 * of each known flag by canonical name and how often it occurred (in order of first use), the
 * positionals, the unknown flags as written with the value each consumed, and `passthrough`: the
 * arguments without agentbridge's own options, for a real `claude`.
 */
export function tokenizeArgv(argv: readonly string[]) {
  const flags = new Map<string, string[]>();
  const counts = new Map<string, number>();
  const positionals: string[] = [];
  const unknownFlags: string[] = [];
  const passthrough: string[] = [];
  const record = (name: string, values: readonly string[]) => {
    flags.set(name, [...(flags.get(name) ?? []), ...values]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };

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
  return { flags, counts, positionals, unknownFlags, passthrough };
}

/** Splits a tool list on commas and whitespace outside parentheses (`Read,Bash(git status:*)`). */
function splitList(value: string): string[] {
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
