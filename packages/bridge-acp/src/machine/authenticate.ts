import { rankAuthMethods } from '../auth/rank-auth-methods.js';
import { type AuthMethodInfo, lacksItsVariables } from '../auth/read-auth-methods.js';
import { noSignInMethodText, signInFailureText } from '../auth/sign-in-failure-text.js';
import { terminalAuthCommand } from '../auth/terminal-auth-command.js';
import { agentMethods } from '../json-rpc/acp-methods.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { AgentInfo, MachineContext } from './bridge-state.js';

/** How a sign-in episode ends: signed in (open the session again) or failed with a reason. */
type AuthenticationOutcome = {
  readonly onSignedIn: () => void;
  readonly onFailed: (reason: string) => void;
};

/**
 * The sign-in loop after a `session/new` that looks like "authentication required" (AU-01..AU-12):
 * ranks the offered methods, sets terminal methods aside (AU-10), skips `env_var` methods whose
 * variables the host reports unset, tries the others one by one with `auth-started` events, and
 * ends with exactly one `auth-finished`. With `launch.signIn: false` nothing is tried.
 */
export function beginAuthentication(
  context: MachineContext,
  agent: AgentInfo,
  errorText: string,
  outcome: AuthenticationOutcome,
) {
  const { launch } = context;
  const hintsLogin = context.backend?.hints.login;
  const loginCommand =
    hintsLogin && hintsLogin.command !== ''
      ? [hintsLogin.command, ...hintsLogin.args].join(' ')
      : undefined;
  const fail = (reason: string) => {
    context.emit({ type: 'auth-finished', success: false, error: reason });
    outcome.onFailed(reason);
  };
  const login = loginCommand === undefined ? {} : { loginCommand };
  if (launch.signIn === false) {
    const hint = signInFailureText({ failures: [], terminalCommands: [], ...login });
    return fail(`sign-in required (${errorText}); this run does not sign in. ${hint}`);
  }
  if (agent.authMethods.length === 0) return fail(noSignInMethodText(errorText, loginCommand));
  const candidates: AuthMethodInfo[] = [];
  const terminalCommands: string[] = [];
  const failures: string[] = [];
  const ranked = rankAuthMethods(agent.authMethods, {
    ...(launch.authMethodId !== undefined ? { configured: launch.authMethodId } : {}),
    preferred: context.backend?.auth.preferredMethodIds ?? [],
  });
  for (const method of ranked) {
    if (
      method.id !== launch.authMethodId &&
      lacksItsVariables(method, launch.environmentVariableNames)
    ) {
      // AU-13: an `env_var` method whose variables are all unset cannot succeed.
      context.log.info('sign-in method skipped: its environment variables are not set', {
        methodId: method.id,
      });
      failures.push(`${method.name}: ${(method.variableNames ?? []).join(', ')} not set`);
      continue;
    }
    const command = terminalAuthCommand(method, launch.agentCommand);
    if (command === undefined) candidates.push(method);
    else if (!terminalCommands.includes(command)) terminalCommands.push(command);
  }
  const tryNext = (index: number) => {
    const method = candidates[index];
    if (method === undefined)
      return fail(
        signInFailureText({
          failures,
          terminalCommands,
          ...(loginCommand ? { loginCommand } : {}),
        }),
      );
    context.log.info('agent requires authentication', { methodId: method.id });
    context.emit({ type: 'auth-started', methodId: method.id, methodName: method.name });
    context.rpc.request(agentMethods.authenticate, { methodId: method.id }, (answer) => {
      if (context.state.phase.name !== 'handshake') return;
      if (!answer.ok) {
        const text = formatRpcError(answer.error);
        context.log.warn('authenticate failed', { methodId: method.id, error: text });
        failures.push(`${method.name}: ${text}`);
        return tryNext(index + 1);
      }
      context.emit({ type: 'auth-finished', success: true });
      outcome.onSignedIn();
    });
  };
  tryNext(0);
}
