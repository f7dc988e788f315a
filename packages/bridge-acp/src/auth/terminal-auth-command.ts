import { isRecord } from '@agentbridge/core/contracts';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import type { AuthMethodInfo } from './read-auth-methods.js';

/**
 * The command line a person runs in a terminal for a terminal sign-in method (AU-10), else
 * `undefined`: `_meta["terminal-auth"]` gives `command` (the agent's when empty) and `args`;
 * `type: "terminal"` (or `_meta.type`) gives the agent's command with `args` (the method's, else
 * `_meta`'s). The command keeps only its file name: `/opt/vendor/vendor.exe` → `vendor`.
 */
export function terminalAuthCommand(
  method: AuthMethodInfo,
  agentCommand?: string,
): string | undefined {
  const raw: AuthMethod & { readonly args?: unknown } = method.raw;
  const meta = isRecord(raw._meta) ? raw._meta : {};
  const terminalAuth = meta['terminal-auth'];
  let command = agentCommand;
  let args: unknown;
  if (isRecord(terminalAuth)) {
    const own = terminalAuth.command;
    if (typeof own === 'string' && own.trim() !== '') command = own;
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
