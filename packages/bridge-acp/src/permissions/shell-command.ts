/** Shells whose `-c` / `-lc` script is the real command (`["/bin/bash","-lc","…"]`). */
const shells = new Set(['bash', 'sh', 'zsh', 'dash']);

/**
 * An argv list as the shell line that runs it: each word as it is when it needs no quoting, else
 * in single quotes (T-05, CF-12: the line judged is the line that runs).
 */
export function shellWords(words: readonly string[]): string {
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  return words.map((word) => (/^[-\w./=:@%+,]+$/.test(word) ? word : quote(word))).join(' ');
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
