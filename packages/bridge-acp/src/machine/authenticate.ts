import { rankAuthMethods } from '../auth/rank-auth-methods.js';
import type { AuthMethodInfo } from '../auth/read-auth-methods.js';
import { lacksItsVariables } from '../auth/read-auth-methods.js';
import { noSignInMethodText, signInFailureText } from '../auth/sign-in-failure-text.js';
import { terminalAuthCommand } from '../auth/terminal-auth-command.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { MachineContext } from './machine-context.js';

/** How a sign-in episode ends: signed in (open the session again) or failed with a reason. */
export type AuthenticationOutcome = {
  readonly onSignedIn: () => void;
  readonly onFailed: (reason: string) => void;
};

type Episode = {
  readonly candidates: readonly AuthMethodInfo[];
  index: number;
  readonly failures: string[];
  readonly terminalCommands: readonly string[];
  readonly loginCommand: string | undefined;
};

/** The backend's login command line (`hints.login`, e.g. `acme login`), when it has one. */
export function loginCommandOf(context: MachineContext): string | undefined {
  const login = context.backend?.hints.login;
  if (login === undefined || login.command === '') return undefined;
  return [login.command, ...login.args].join(' ');
}

/**
 * The sign-in loop after a `session/new` that looks like "authentication required" (AU-01..AU-09):
 * ranks the offered methods, sets aside terminal methods (AU-10), skips `env_var` methods whose
 * variables the host reports unset (listed in the failure text), tries the others one by one with
 * `auth-started` / `auth-finished` actions, and ends with exactly one `auth-finished`.
 */
export function beginAuthentication(
  context: MachineContext,
  errorText: string,
  outcome: AuthenticationOutcome,
): void {
  const { state, launch } = context;
  state.authAttempted = true;
  const loginCommand = loginCommandOf(context);
  if (state.authMethods.length === 0) {
    const reason = noSignInMethodText(errorText, loginCommand);
    context.act({ type: 'auth-finished', success: false, error: reason });
    outcome.onFailed(reason);
    return;
  }
  const ranked = rankAuthMethods(state.authMethods, {
    ...(launch.authMethodId !== undefined ? { configured: launch.authMethodId } : {}),
    preferred: context.backend?.auth.preferredMethodIds ?? [],
  });
  const candidates: AuthMethodInfo[] = [];
  const terminalCommands: string[] = [];
  const failures: string[] = [];
  for (const method of ranked) {
    if (
      method.id !== launch.authMethodId &&
      lacksItsVariables(method, launch.environmentVariableNames)
    ) {
      // AU-13 extended: an `env_var` method whose variables are all unset cannot succeed.
      const names = (method.variableNames ?? []).join(', ');
      context.log.info('sign-in method skipped: its environment variables are not set', {
        methodId: method.id,
      });
      failures.push(`${method.name}: ${names} not set`);
      continue;
    }
    const command = terminalAuthCommand(method, launch.agentCommand);
    if (command === undefined) candidates.push(method);
    else if (!terminalCommands.includes(command)) terminalCommands.push(command);
  }
  tryNextMethod(
    context,
    { candidates, index: 0, failures, terminalCommands, loginCommand },
    outcome,
  );
}

function tryNextMethod(
  context: MachineContext,
  episode: Episode,
  outcome: AuthenticationOutcome,
): void {
  const method = episode.candidates[episode.index];
  episode.index += 1;
  if (method === undefined) {
    const reason = signInFailureText({
      failures: episode.failures,
      terminalCommands: episode.terminalCommands,
      ...(episode.loginCommand !== undefined ? { loginCommand: episode.loginCommand } : {}),
    });
    context.act({ type: 'auth-finished', success: false, error: reason });
    outcome.onFailed(reason);
    return;
  }
  context.log.info('agent requires authentication', { methodId: method.id });
  context.act({ type: 'auth-started', methodId: method.id, methodName: method.name });
  context.rpc.request('authenticate', { methodId: method.id }, (answer) => {
    if (context.state.phase !== 'handshake') return;
    if (!answer.ok) {
      const text = formatRpcError(answer.error);
      context.log.warn('authenticate failed', { methodId: method.id, error: text });
      episode.failures.push(`${method.name}: ${text}`);
      tryNextMethod(context, episode, outcome);
      return;
    }
    context.act({ type: 'auth-finished', success: true });
    outcome.onSignedIn();
  });
}
