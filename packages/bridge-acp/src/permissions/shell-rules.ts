import type { ShellAnalysis, ShellSimpleCommand } from '@agentbridge/core/contracts';

/** Programs that run the rest of their words as a command, with how many option words they take. */
const wrappers: Record<string, RegExp> = {
  time: /^-/,
  nohup: /^-/,
  builtin: /^-/,
  command: /^-/,
  exec: /^-/,
  noglob: /^-/,
  nice: /^(-n|--adjustment=.*|-\d+|-n\d+)$/,
  timeout: /^-/,
  stdbuf: /^-/,
  env: /^(-.*|[A-Za-z_][A-Za-z0-9_]*=.*)$/,
  sudo: /^-/,
  doas: /^-/,
  xargs: /^-/,
};
/** Options of wrappers that take a value in the next word. */
const valueOptions = /^(-n|-u|-g|-C|-s|-k|-I|-L|-P|-d|-E|-S|-i|-o|-e|--signal|--kill-after)$/;
/** `find` options that run, delete or write. */
const findActions = /^-(exec|execdir|ok|okdir|delete|fprint.*|fls)$/;
/** Redirections that write nowhere: fd duplication and `/dev/null`. */
const harmlessTarget = /^(\d+|-|\/dev\/null)$/;
/** Control characters Claude Code refuses in a command line before any rule. */
export const hasControlCharacter = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return (code < 32 && code !== 9 && code !== 10) || code === 127;
  });

/** The words of a command without its wrappers: `sudo -u x timeout 5 rm y` → `rm y`. */
function unwrap(argv: readonly string[]): string[] {
  const words = [...argv];
  for (;;) {
    const program = words[0]?.split('/').at(-1) ?? '';
    const options = wrappers[program];
    if (options === undefined || words.length < 2) return words;
    words.shift();
    while (words.length > 1 && options.test(words[0] ?? '')) {
      if (valueOptions.test(words.shift() ?? '')) words.shift();
    }
    // `timeout 5 rm`: the duration.
    if (program === 'timeout' && /^\d/.test(words[0] ?? '')) words.shift();
  }
}

/** Every reading of a command a deny rule is tried on: as written, unwrapped, by program name. */
function denyReadings(command: ShellSimpleCommand): string[] {
  const known = command.argv.map((word) => word ?? '');
  const readings = [known, unwrap(known)];
  for (const words of [...readings]) {
    const base = words[0]?.split('/').at(-1);
    if (base !== undefined && base !== words[0]) readings.push([base, ...words.slice(1)]);
  }
  return readings.filter((words) => words.length > 0).map((words) => words.join(' '));
}

/** A rule's content as a matcher of a whitespace-normalised command. */
function commandMatcher(content: string): (command: string) => boolean {
  const rule = content.trim().replace(/\s+/g, ' ');
  if (rule.endsWith(':*')) {
    const prefix = rule.slice(0, -2).trim();
    return (command) => command === prefix || command.startsWith(`${prefix} `);
  }
  if (!rule.includes('*')) return (command) => command === rule;
  const escaped = rule.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  const expression = new RegExp(`^${escaped.join('.*')}$`, 's');
  return (command) => expression.test(command);
}

/**
 * RU-03: a deny (or ask) rule matches when any simple command of the line, read through its
 * wrappers, quotes, absolute path and assignments, matches; a line the grammar cannot parse is
 * matched on its normalised text and on each of its words, so a deny is never missed.
 */
export function denyRuleMatches(content: string, line: string, shell: ShellAnalysis): boolean {
  const matches = commandMatcher(content);
  const text = line.trim().replace(/\s+/g, ' ');
  if (matches(text)) return true;
  if (!shell.ok) {
    const words = text.split(/[\s;&|()`$<>"'\\]+/).filter((word) => word !== '');
    return words.some((_, index) => matches(words.slice(index).join(' ')));
  }
  return shell.commands.some((command) => denyReadings(command).some(matches));
}

type Directories = {
  readonly cwd?: string;
  readonly roots: readonly string[];
  readonly home?: string;
};

/** Whether a path word names something inside the session's directories. */
function isInsideRoots(word: string, directories: Directories): boolean {
  const home = directories.home;
  let path = word;
  if (path === '~' || path.startsWith('~/')) {
    if (home === undefined) return false;
    path = home + path.slice(1);
  } else if (path.startsWith('~')) return false;
  if (!path.startsWith('/')) {
    if (directories.cwd === undefined) return false;
    path = `${directories.cwd}/${path}`;
  }
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  const resolved = `/${parts.join('/')}`;
  return directories.roots.some((root) => {
    const base = root.replace(/\/+$/, '');
    return resolved === base || resolved.startsWith(`${base}/`);
  });
}

/**
 * RU-02: an allow rule covers a line only when the grammar parsed it, nothing in it is decided at
 * run time (substitutions, expansions, control flow, heredocs), every simple command matches the
 * rule as written, no command writes into a file, `find` neither runs nor deletes, and every
 * path-like argument is inside the session's directories (cwd and `--add-dir`).
 */
export function allowRuleMatches(
  content: string,
  line: string,
  shell: ShellAnalysis,
  directories: Directories,
): boolean {
  if (!shell.ok || shell.complex.length > 0 || shell.commands.length === 0) return false;
  // An exact rule (no `*`) names the line as written, spaces included (as Claude Code).
  if (!content.includes('*') && line.trim() !== content.trim()) return false;
  const matches = commandMatcher(content);
  return shell.commands.every((command) => {
    const argv = command.argv;
    if (command.assignments.length > 0 || argv.length === 0) return false;
    if (argv.some((word) => word === undefined || hasControlCharacter(word))) return false;
    const words = argv as readonly string[];
    if (!matches(words.join(' '))) return false;
    const writes = command.redirects.some(
      ({ operator, target }) => operator.includes('>') && !harmlessTarget.test(target),
    );
    if (writes) return false;
    const reads = command.redirects.filter(({ operator }) => operator === '<');
    if (reads.some(({ target }) => !isInsideRoots(target, directories))) return false;
    if (words[0] === 'find' && words.some((word) => findActions.test(word))) return false;
    const paths = words.slice(1).filter((word) => /^(\/|~|\.\.)/.test(word) || word.includes('/'));
    return paths.every((word) => isInsideRoots(word, directories));
  });
}

/** The reason a line is asked about, for the permission's description (an unparsable line). */
export function shellAskReason(shell: ShellAnalysis | undefined): string | undefined {
  return shell !== undefined && !shell.ok
    ? `Could not be checked against the rules: ${shell.reason}.`
    : undefined;
}
