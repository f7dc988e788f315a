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
/** Shells whose `-c` / `-lc` script is the real command (`["/bin/bash","-lc","…"]`). */
const shells = new Set(['bash', 'sh', 'zsh', 'dash']);

/**
 * Splits a command line into its simple commands at `&&`, `||`, `;`, `|`, `&` and newlines outside
 * quotes, so a rule cannot be widened by chaining (`git status && rm -rf /`). Command
 * substitutions (`$(…)`, back-quotes) stay in their command and are reported.
 */
export function splitShellCommand(command: string): {
  readonly commands: string[];
  readonly hasSubstitution: boolean;
} {
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
 * The command line of a shell tool's input: `command` (a string, or an argv whose script is taken
 * from `<shell> -c|-lc <script>`), else `script`; `undefined` when there is none.
 */
export function shellCommandLine(input: Record<string, unknown>): string | undefined {
  const command = input.command ?? input.script;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    return undefined;
  }
  const program = command[0]?.split('/').at(-1) ?? '';
  const isScript = shells.has(program) && command.length === 3 && /^-l?c$/.test(command[1] ?? '');
  return isScript ? command[2] : command.join(' ');
}

/**
 * True when every simple command only reads (`ls`, `cat`, `git status`, `grep`, …): no
 * redirection, no command substitution, no `find -exec/-delete`. Anything unknown counts as
 * changing. Keeps the "ran without asking" warning for commands that matter.
 */
export function isReadOnlyCommand(commandLine: string): boolean {
  if (commandLine.includes('>')) return false;
  const { commands, hasSubstitution } = splitShellCommand(commandLine);
  if (hasSubstitution || commands.length === 0) return false;
  return commands.every((command) => {
    const [program = '', subcommand = '', ...rest] = command.split(/\s+/).filter((word) => word);
    if (readOnlyPrograms.has(program)) return true;
    if (program === 'git') return readOnlyGitCommands.has(subcommand);
    const words = [subcommand, ...rest];
    return (
      program === 'find' &&
      !words.some((word) => /^-(exec|execdir|ok|okdir|delete|fprint.*|fls)$/.test(word))
    );
  });
}
