import { parseShell } from '../../__fixtures__/parse-shell.js';
import type { ToolInput } from '../../tools/build-tool-input.js';
import { decidePermission } from '../permission-rules.js';

/** The project directory the rule tests resolve relative paths against. */
export const cwd = '/home/me/project';

/** Whether one rule covers a call, read through decidePermission: as an allow rule it allows, as a deny rule it denies. */
export const matchesPermissionRule = (
  rule: string,
  toolName: string,
  called: ToolInput | undefined,
  options: { purpose?: 'allow' | 'deny'; cwd?: string; homeDirectory?: string } = {},
): boolean => {
  const { purpose = 'allow', ...rest } = options;
  const input = called ?? {};
  const { command } = input;
  const context =
    toolName === 'Bash' && typeof command === 'string'
      ? { ...rest, shell: parseShell(command) }
      : rest;
  return purpose === 'deny'
    ? decidePermission({ toolName, input, ...context, disallowedTools: [rule] }) === 'deny'
    : decidePermission({ toolName, input, ...context, allowedTools: [rule] }) === 'allow';
};
