import type { AuthMethod } from '@agentclientprotocol/sdk';
import { authMethodMeta } from '../json-rpc/agent-schemas.js';
import type { AuthMethodInfo } from './read-auth-methods.js';

/**
 * AU-10: the command line a person runs for a terminal sign-in method: `_meta["terminal-auth"]`
 * `command` (else the agent's) and `args`, or for `type: "terminal"` the agent's command with the
 * method's (else `_meta`'s) `args`. Only the command's file name is kept (`/x/v.exe` → `v`).
 */
export function terminalAuthCommand(
  method: AuthMethodInfo,
  agentCommand?: string,
): string | undefined {
  const raw: AuthMethod & { readonly args?: unknown } = method.raw;
  const meta = authMethodMeta.parse(raw._meta) ?? {};
  const terminalAuth = meta['terminal-auth'];
  let command = agentCommand;
  let args: unknown;
  if (terminalAuth !== undefined) {
    const own = terminalAuth.command;
    if (own !== undefined && own.trim() !== '') command = own;
    args = terminalAuth.args;
  } else if (method.type === 'terminal' || meta.type === 'terminal') {
    args = Array.isArray(raw.args) ? raw.args : meta.args;
  } else {
    return undefined;
  }
  const fileName = (command?.trim().split(/[/\\]/).at(-1) ?? '').replace(/\.(exe|cmd)$/i, '');
  if (fileName === '') return undefined;
  const words = Array.isArray(args) ? args.filter((word) => typeof word === 'string' && word) : [];
  return [fileName, ...words].join(' ');
}
