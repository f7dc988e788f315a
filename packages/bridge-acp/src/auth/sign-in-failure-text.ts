/** Inputs of {@link signInFailureText}. */
export type SignInFailureTextInput = {
  /** One `"<method name>: <error text>"` entry per failed `authenticate`, in attempt order. */
  readonly failures: readonly string[];
  /** Terminal sign-in command lines (AU-10), de-duplicated, in rank order. */
  readonly terminalCommands: readonly string[];
  /** The backend's login command (`hints.login`, e.g. `acme login`), when it has one. */
  readonly loginCommand?: string;
};

const quote = (command: string): string => `\`${command}\``;

/**
 * The reason of a failed sign-in episode (AU-11, neutral CLI wording): what failed, then what to
 * run once before starting again. Every command is back-quoted so hosts can pick the first one.
 */
export function signInFailureText(input: SignInFailureTextInput): string {
  const parts: string[] = [];
  if (input.failures.length > 0) {
    parts.push(`sign-in failed for every method the agent offers (${input.failures.join('; ')}).`);
  }
  const commands = [...new Set(input.terminalCommands)];
  if (commands.length > 0) {
    const lead =
      input.failures.length > 0
        ? 'The remaining method must be completed in a terminal: run '
        : 'This agent signs in from a terminal: run ';
    parts.push(`${lead}${joinCommands(commands)} once, then start again.`);
  } else {
    parts.push(ownCliHint(input.loginCommand));
  }
  return parts.join(' ');
}

/**
 * The reason when the agent needs a sign-in but offers no method over ACP (AU-03).
 * `errorText` is the agent's error (A-08 text).
 */
export function noSignInMethodText(errorText: string, loginCommand?: string): string {
  return `sign-in required, but the agent offers no sign-in method over ACP (${errorText}). ${ownCliHint(loginCommand)}`;
}

function ownCliHint(loginCommand: string | undefined): string {
  const command = loginCommand?.trim();
  return command
    ? `Sign in with the agent's own CLI: run ${quote(command)} once, then start again.`
    : "Sign in to the agent's own CLI once, then start again.";
}

function joinCommands(commands: readonly string[]): string {
  const quoted = commands.map(quote);
  if (quoted.length === 1) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}
