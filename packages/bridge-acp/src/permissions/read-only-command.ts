import { splitShellCommand } from './shell-command.js';

/** Commands that only read, whatever their arguments (no writing flags exist for them). */
const readOnlyCommands = new Set([
  'cat',
  'cd',
  'date',
  'df',
  'diff',
  'du',
  'echo',
  'env',
  'file',
  'grep',
  'egrep',
  'fgrep',
  'head',
  'id',
  'less',
  'ls',
  'more',
  'printenv',
  'printf',
  'pwd',
  'realpath',
  'rg',
  'stat',
  'tail',
  'tree',
  'true',
  'type',
  'uname',
  'wc',
  'which',
  'whoami',
]);

/** `git` subcommands that only read. */
const readOnlyGitSubcommands = new Set([
  'blame',
  'diff',
  'grep',
  'log',
  'ls-files',
  'rev-parse',
  'show',
  'status',
]);

/** Shells whose `-c` / `-lc` script is the real command (agents send `["/bin/bash","-lc","…"]`). */
const shells = new Set(['bash', 'sh', 'zsh', 'dash']);

/**
 * The command line of a shell tool's input: `command` (a string, or an argv whose shell script is
 * taken from `<shell> -c|-lc <script>`), else `script`; `undefined` when there is none.
 */
export function shellCommandLine(input: Record<string, unknown>): string | undefined {
  const command = input.command ?? input.script;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    return undefined;
  }
  const parts = command as string[];
  const program = (parts[0] ?? '').split('/').at(-1) ?? '';
  if (shells.has(program) && parts.length === 3 && /^-l?c$/.test(parts[1] ?? '')) return parts[2];
  return parts.join(' ');
}

/**
 * True when every simple command of the line only reads (`ls`, `cat`, `git status`, `grep` ...):
 * no redirection, no command substitution, no `find -exec/-delete`. Conservative: anything unknown
 * counts as changing. Used to keep the "ran without asking" warning for commands that matter.
 */
export function isReadOnlyCommand(commandLine: string): boolean {
  if (commandLine.includes('>')) return false;
  const { commands, hasSubstitution } = splitShellCommand(commandLine);
  if (hasSubstitution || commands.length === 0) return false;
  return commands.every(isReadOnlySimpleCommand);
}

function isReadOnlySimpleCommand(command: string): boolean {
  const words = command.split(/\s+/).filter((word) => word !== '');
  const program = words[0] ?? '';
  if (readOnlyCommands.has(program)) return true;
  if (program === 'git') return readOnlyGitSubcommands.has(words[1] ?? '');
  if (program === 'find') {
    return !words.some((word) => /^-(exec|execdir|ok|okdir|delete|fprint.*|fls)$/.test(word));
  }
  return false;
}
