const quote = (command: string): string => `\`${command}\``;

/**
 * Why a sign-in episode failed (AU-11): what failed, then what to run once before starting again.
 * Every command is back-quoted so a host can pick the first one.
 */
export function signInFailureText(input: {
  /** One `<method name>: <error text>` per failed attempt. */
  readonly failures: readonly string[];
  /** Terminal sign-in command lines (AU-10), in rank order. */
  readonly terminalCommands: readonly string[];
  /** The backend's login command (`hints.login`). */
  readonly loginCommand?: string;
}): string {
  const failed =
    input.failures.length > 0
      ? `sign-in failed for every method the agent offers (${input.failures.join('; ')}). `
      : '';
  const commands = [...new Set(input.terminalCommands)].map(quote);
  const last = commands.pop();
  if (last === undefined) return failed + ownCliHint(input.loginCommand);
  const lead = failed
    ? 'The remaining method must be completed in a terminal'
    : 'This agent signs in from a terminal';
  const listed = commands.length > 0 ? `${commands.join(', ')} or ${last}` : last;
  return `${failed}${lead}: run ${listed} once, then start again.`;
}

/** AU-03: the agent needs a sign-in but offers no method over ACP (`errorText` is A-08's). */
export function noSignInMethodText(errorText: string, loginCommand?: string): string {
  return `sign-in required, but the agent offers no sign-in method over ACP (${errorText}). ${ownCliHint(loginCommand)}`;
}

function ownCliHint(loginCommand: string | undefined): string {
  const command = loginCommand?.trim();
  return command
    ? `Sign in with the agent's own CLI: run ${quote(command)} once, then start again.`
    : "Sign in to the agent's own CLI once, then start again.";
}
