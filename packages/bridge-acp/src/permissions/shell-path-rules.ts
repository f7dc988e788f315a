import type { ShellAnalysis } from '@agentbridge/core/contracts';
import { matchesPathPattern, type PathContext } from './path-pattern.js';

/** Redirection targets that are no file: fd duplication (`2>&1`) and closing (`>&-`). */
const descriptor = /^(\d+|-)$/;

/** The words of a line a path rule is tried on: its arguments and redirection targets. */
function pathWords(line: string, shell: ShellAnalysis, kind: 'Read' | 'Edit'): string[] {
  // A line the grammar cannot read: every word may be a path.
  if (!shell.ok) return line.split(/[\s;&|()`$<>"'\\=]+/).filter((word) => word !== '');
  return shell.commands.flatMap((command) => {
    const targets = command.redirects
      .filter(({ operator }) => (kind === 'Read' ? operator === '<' : operator.includes('>')))
      .map(({ target }) => target)
      .filter((target) => !descriptor.test(target));
    const words = command.argv
      .slice(1)
      .filter((word): word is string => word !== undefined && !word.startsWith('-'));
    return [...targets, ...words];
  });
}

/**
 * RU-10: a `Read(...)` or `Edit(...)` deny (or ask) rule also covers a Bash line that names a
 * path it matches, as Claude Code refuses `cat secrets/key` under `Read(./secrets/**)`: a `Read`
 * rule is tried on every argument and input redirection, an `Edit` rule on every argument and
 * output redirection (`> docs/out.md`), `~/` read as the home directory.
 */
export function shellTouchesPath(
  kind: 'Read' | 'Edit',
  pattern: string,
  line: string,
  shell: ShellAnalysis,
  context: PathContext,
): boolean {
  const home = context.homeDirectory;
  return pathWords(line, shell, kind).some((word) => {
    const path = home !== undefined && word.startsWith('~/') ? `${home}${word.slice(1)}` : word;
    return !path.startsWith('~') && matchesPathPattern(pattern, path, context, 'deny');
  });
}
