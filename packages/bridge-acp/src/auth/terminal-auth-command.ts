import type { AuthMethodInfo } from './read-auth-methods.js';

/**
 * The command line a person must run in a terminal for a terminal sign-in method (AU-10), or
 * `undefined` when the method is completed through ACP `authenticate`.
 *
 * 1. `_meta["terminal-auth"]` is an object → its `command` (the agent executable when empty)
 *    plus its `args`;
 * 2. else `type: "terminal"` (ACP) or `_meta.type: "terminal"` → the agent executable plus `args`
 *    (from the method, else from `_meta`);
 * 3. else not a terminal method. An empty command line also means "not terminal".
 *
 * The command keeps only its file name (no directories, no `.exe`/`.cmd`), so the text is what a
 * person types: `/opt/vendor-linux-x64/vendor` + `["login"]` → `vendor login`.
 */
export function terminalAuthCommand(
  method: AuthMethodInfo,
  agentCommand?: string,
): string | undefined {
  const raw = asRecord(method.raw) ?? {};
  const meta = asRecord(raw._meta);
  const terminalAuth = asRecord(meta?.['terminal-auth']);
  let command: string | undefined;
  let args: unknown;
  if (terminalAuth !== undefined) {
    command =
      typeof terminalAuth.command === 'string' && terminalAuth.command.trim() !== ''
        ? terminalAuth.command
        : agentCommand;
    args = terminalAuth.args;
  } else if (method.type === 'terminal' || raw.type === 'terminal' || meta?.type === 'terminal') {
    command = agentCommand;
    args = Array.isArray(raw.args) ? raw.args : meta?.args;
  } else {
    return undefined;
  }
  const parts: string[] = [];
  const name = command === undefined ? '' : commandFileName(command);
  if (name !== '') parts.push(name);
  if (Array.isArray(args)) {
    for (const argument of args) {
      if (typeof argument === 'string' && argument !== '') parts.push(argument);
    }
  }
  if (name === '') return undefined;
  return parts.join(' ');
}

/** `C:\Users\me\agent.exe` → `agent`; `/usr/local/bin/agent` → `agent`. */
export function commandFileName(command: string): string {
  const trimmed = command.trim();
  const lastSeparator = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  const fileName = trimmed.slice(lastSeparator + 1);
  return fileName.replace(/\.(exe|cmd)$/i, '');
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
