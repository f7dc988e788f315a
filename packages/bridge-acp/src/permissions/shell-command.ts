/** Programs that only read, whatever their arguments. */
const readOnlyPrograms = new Set(
  (
    'cat cd date df diff du echo env file grep egrep fgrep head id less ls more printenv printf ' +
    'pwd realpath rg stat tail tree true type uname wc which whoami'
  ).split(' '),
);
const readOnlyGitCommands = new Set(
  'blame diff grep log ls-files rev-parse show status'.split(' '),
);
/** `find` options that run, delete or write. */
const findActions = /^-(exec|execdir|ok|okdir|delete|fprint.*|fls)$/;
/** Shells whose `-c` / `-lc` script is the real command (`["/bin/bash","-lc","…"]`). */
const shells = new Set(['bash', 'sh', 'zsh', 'dash']);

/**
 * Splits a command line into its simple commands at `&&`, `||`, `;`, `|`, `&` and newlines outside
 * quotes, so a rule cannot be widened by chaining (`git status && rm -rf /`). Command
 * substitutions (`$(…)`, back-quotes) stay in their command and are reported.
 */
export function splitShellCommand(command: string) {
  const commands: string[] = [];
  let current = '';
  let quote: string | undefined;
  let hasSubstitution = false;
  const flush = (): void => {
    if (current.trim() !== '') commands.push(current.trim());
    current = '';
  };
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index] ?? '';
    const next = command[index + 1];
    if (character === '\\' && quote !== "'") {
      current += character + (next ?? '');
      index += 1;
      continue;
    }
    if (quote !== "'" && (character === '`' || (character === '$' && next === '('))) {
      hasSubstitution = true;
    }
    if (quote !== undefined || character === '"' || character === "'") {
      quote = quote === undefined ? character : character === quote ? undefined : quote;
      current += character;
      continue;
    }
    // `>&`, `&>` and `2>&1` are redirections, not separators.
    const previous = command[index - 1];
    const redirection = character === '&' && (previous === '>' || previous === '<' || next === '>');
    if (!';\n|&'.includes(character) || redirection) {
      current += character;
      continue;
    }
    flush();
    if ((character === '|' || character === '&') && next === character) index += 1;
  }
  flush();
  return { commands, hasSubstitution };
}

/**
 * An argv list as the shell line that runs it: each word as it is when it needs no quoting, else
 * in single quotes (T-05, CF-12: the line judged is the line that runs).
 */
export function shellWords(words: readonly string[]): string {
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  return words.map((word) => (/^[-\w./=:@%+,]+$/.test(word) ? word : quote(word))).join(' ');
}

/** A shell tool's command line: `command` (string, argv, `<shell> -lc <script>`), else `script`. */
export function shellCommandLine(input: Record<string, unknown>): string | undefined {
  const command = input.command ?? input.script;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    return undefined;
  }
  const program = command[0]?.split('/').at(-1) ?? '';
  const isScript = shells.has(program) && command.length === 3 && /^-l?c$/.test(command[1] ?? '');
  return isScript ? command[2] : shellWords(command);
}

/**
 * CF-11, CF-12: the command line a `terminal/create` runs, as it is judged: the command itself
 * without arguments (a shell line the host runs in a shell), else the argv quoted so that no
 * argument can pass for two.
 */
export function terminalCommandLine(command: string, args: readonly string[]): string {
  return args.length === 0 ? command : shellWords([command, ...args]);
}

/**
 * CF-11: true when `terminal/create` of `command` and `args` runs exactly the approved shell line
 * `approved`: that line alone, as `<shell> -c|-lc <line>`, or an argv that quotes back to it.
 */
export function runsExactly(
  approved: string | undefined,
  command: string,
  args: readonly string[],
): boolean {
  if (approved === undefined) return false;
  const program = command.split('/').at(-1) ?? '';
  const script = shells.has(program) && args.length === 2 && /^-l?c$/.test(args[0] ?? '');
  return (script && args[1] === approved) || terminalCommandLine(command, args) === approved;
}

/**
 * True when every simple command only reads (`ls`, `git status`, …), without redirection, command
 * substitution or `find -exec/-delete`: it keeps the "ran without asking" warning for the rest.
 */
export function isReadOnlyCommand(commandLine: string): boolean {
  if (commandLine.includes('>')) return false;
  const { commands, hasSubstitution } = splitShellCommand(commandLine);
  if (hasSubstitution || commands.length === 0) return false;
  return commands.every((command) => {
    const [program = '', subcommand = '', ...rest] = command.split(/\s+/).filter((word) => word);
    if (readOnlyPrograms.has(program)) return true;
    if (program === 'git') return readOnlyGitCommands.has(subcommand);
    return program === 'find' && ![subcommand, ...rest].some((word) => findActions.test(word));
  });
}
