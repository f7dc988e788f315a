import { UsageError } from '@agentbridge/core/contracts';
import { CommanderError } from 'commander';
import { claudeOption, createClaudeProgram } from './claude-options.js';

const versionRequested = Symbol('version');

/**
 * Reads `argv` with commander, as `claude` does (arity, `--flag=value`, clustered `-pc`, `--`,
 * `error: unknown option '--modle'` with its did-you-mean): each flag's values by name in order of
 * use, the prompt arguments, and `passthrough`, the arguments without our own options. `--help`
 * wins over unknown options and `--version` over everything after it, as with `claude`; any other
 * commander error is a `UsageError` in commander's words.
 */
export function readArgv(argv: readonly string[]) {
  const flags = new Map<string, string[]>();
  const program = createClaudeProgram((name, value) => {
    const values =
      value === undefined ? [] : claudeOption(name)?.splitCommas ? splitList(value) : [value];
    flags.set(name, [...(flags.get(name) ?? []), ...values]);
    if (name === 'version') throw versionRequested;
  });
  let help = false;
  let version = false;
  try {
    program.parse(withLongSpellings(argv), { from: 'user' });
  } catch (error) {
    if (error === versionRequested) version = true;
    else if (error instanceof CommanderError && error.code === 'commander.helpDisplayed')
      help = true;
    else if (error instanceof CommanderError) throw new UsageError(error.message);
    else throw error;
  }
  return { flags, positionals: program.args, passthrough: withoutOwnOptions(argv), help, version };
}

/** `-d2e` is `claude`'s short spelling of `--debug-to-stderr` (commander allows one letter). */
function withLongSpellings(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((argument, index) =>
    argument === '-d2e' && (end === -1 || index < end) ? '--debug-to-stderr' : argument,
  );
}

/** The arguments for a real `claude`: without agentbridge's own options and their values. */
function withoutOwnOptions(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--') {
      kept.push(...argv.slice(index));
      break;
    }
    const [, name = '', equals] = /^--([\w-]+)(=?)/.exec(argument) ?? [];
    const option = claudeOption(name);
    if (option?.support !== 'own') kept.push(argument);
    else if (option.arity === 'value' && equals === '') index += 1;
  }
  return kept;
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
