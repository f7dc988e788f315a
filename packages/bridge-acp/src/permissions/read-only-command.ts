import type { ShellAnalysis, ShellSimpleCommand } from '@agentbridge/core/contracts';
import { shellWords } from './shell-command.js';

/** Programs that only read, whatever their arguments (those that may write are checked below). */
const readOnlyPrograms = new Set(
  (
    'cat cd date df diff du echo file grep egrep fgrep head id less ls more printenv printf ' +
    'pwd realpath rg stat tail tree true type uname wc which whoami'
  ).split(' '),
);
/** Arguments that make a read-only program write, run or change something. */
const writingOptions: Record<string, RegExp> = {
  date: /^(-s|--set(=.*)?)$/,
  rg: /^--pre(=.*)?$/,
  tree: /^-o$/,
};
const readOnlyGitCommands = new Set(
  'blame diff grep log ls-files rev-parse show status'.split(' '),
);
/** `find` options that run, delete or write. */
const findActions = /^-(exec|execdir|ok|okdir|delete|fprint.*|fls)$/;
/** Shells whose `-c` / `-lc` script is the real command (`["/bin/bash","-lc","…"]`). */
const shells = new Set(['bash', 'sh', 'zsh', 'dash']);
/** Redirection targets that write nowhere: fd duplication and `/dev/null`. */
const harmlessTarget = /^(\d+|-|\/dev\/null)$/;

/** A shell tool's command line: `command` (string, argv, `<shell> -lc <script>`), else `script`. */
export function shellCommandLine(input: {
  readonly command?: unknown;
  readonly script?: unknown;
}): string | undefined {
  const command = input.command ?? input.script;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    return undefined;
  }
  const program = command[0]?.split('/').at(-1) ?? '';
  const isScript = shells.has(program) && command.length === 3 && /^-l?c$/.test(command[1] ?? '');
  return isScript ? command[2] : shellWords(command);
}

function isReadOnlySimpleCommand(command: ShellSimpleCommand): boolean {
  if (command.assignments.length > 0 || command.argv.length === 0) return false;
  if (command.argv.some((word) => word === undefined)) return false;
  const writes = command.redirects.some(({ operator, target }) =>
    operator.includes('>') ? !harmlessTarget.test(target) : operator !== '<',
  );
  if (writes) return false;
  const [program = '', subcommand = '', ...rest] = command.argv as readonly string[];
  if (readOnlyPrograms.has(program)) {
    const writing = writingOptions[program];
    return writing === undefined || ![subcommand, ...rest].some((word) => writing.test(word));
  }
  if (program === 'git') return readOnlyGitCommands.has(subcommand);
  return program === 'find' && ![subcommand, ...rest].some((word) => findActions.test(word));
}

/**
 * PM-01: true when a command line, as the bash grammar parsed it, only reads (`ls`, `git status`,
 * `cat a | head`): every simple command is a read-only program, nothing is decided at run time
 * (substitutions, expansions, control flow, heredocs), nothing is written into a file, `find`
 * neither runs nor deletes. A line the grammar could not parse is not read-only.
 */
export function isReadOnlyShell(shell: ShellAnalysis): boolean {
  return (
    shell.ok &&
    shell.complex.length === 0 &&
    shell.commands.length > 0 &&
    shell.commands.every(isReadOnlySimpleCommand)
  );
}
