/**
 * Splits a shell command line into its simple commands at `&&`, `||`, `;`, `|`, `&` and newlines
 * (outside quotes), so a rule cannot be widened by chaining (`git status && rm -rf /`).
 * Command substitutions (`$(...)`, back-quotes) are kept as part of their command and reported.
 */
export function splitShellCommand(command: string): {
  readonly commands: string[];
  readonly hasSubstitution: boolean;
} {
  const commands: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let hasSubstitution = false;
  const flush = (): void => {
    const trimmed = current.trim();
    if (trimmed !== '') commands.push(trimmed);
    current = '';
  };
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index] ?? '';
    if (quote !== undefined) {
      if (character === '\\' && quote === '"') {
        current += character + (command[index + 1] ?? '');
        index += 1;
        continue;
      }
      if (
        quote === '"' &&
        (character === '`' || (character === '$' && command[index + 1] === '('))
      ) {
        hasSubstitution = true;
      }
      if (character === quote) quote = undefined;
      current += character;
      continue;
    }
    if (character === '\\') {
      current += character + (command[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (character === '"' || character === "'") {
      quote = character;
      current += character;
      continue;
    }
    if (character === '`' || (character === '$' && command[index + 1] === '(')) {
      hasSubstitution = true;
    }
    if (character === ';' || character === '\n' || character === '|' || character === '&') {
      // `>&`, `&>` and `2>&1` are redirections, not separators.
      const previous = command[index - 1];
      const next = command[index + 1];
      if (character === '&' && (previous === '>' || previous === '<' || next === '>')) {
        current += character;
        continue;
      }
      flush();
      if ((character === '|' || character === '&') && next === character) index += 1;
      continue;
    }
    current += character;
  }
  flush();
  return { commands, hasSubstitution };
}
