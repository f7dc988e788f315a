import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../__fixtures__/parse-shell.js';
import { cwd } from './__fixtures__/match-permission-rule.js';
import { decidePermission } from './permission-rules.js';

describe('decidePermission', () => {
  const ask = (overrides: Partial<Parameters<typeof decidePermission>[0]>) =>
    decidePermission({
      toolName: 'Bash',
      input: { command: 'ls' },
      cwd,
      ...overrides,
      shell: parseShell(String((overrides.input as { command?: unknown })?.command ?? 'ls')),
    });

  it('disallowed rules win over everything, bypassPermissions included', () => {
    expect(
      ask({
        disallowedTools: ['Bash'],
        allowedTools: ['Bash'],
        permissionMode: 'bypassPermissions',
      }),
    ).toBe('deny');
  });

  it('bypassPermissions allows anything not disallowed', () => {
    expect(ask({ permissionMode: 'bypassPermissions' })).toBe('allow');
    expect(ask({ permissionMode: 'bypassPermissions', toolName: 'mcp__x__y' })).toBe('allow');
  });

  it('allowed rules allow; unmatched calls ask in default mode', () => {
    expect(ask({ allowedTools: ['Bash(ls:*)'] })).toBe('allow');
    expect(ask({ allowedTools: ['Bash(git:*)'] })).toBe('ask');
    expect(ask({})).toBe('ask');
  });

  it('acceptEdits allows Edit, Write, MultiEdit and NotebookEdit but still asks for commands', () => {
    for (const toolName of ['Edit', 'Write', 'MultiEdit', 'NotebookEdit']) {
      expect(ask({ permissionMode: 'acceptEdits', toolName, input: { file_path: '/x' } })).toBe(
        'allow',
      );
    }
    expect(ask({ permissionMode: 'acceptEdits' })).toBe('ask');
    expect(ask({ permissionMode: 'acceptEdits', toolName: 'Delete' })).toBe('ask');
  });

  it('plan denies edits even when allowed, and commands unless allowed', () => {
    expect(ask({ permissionMode: 'plan', toolName: 'Edit', allowedTools: ['Edit'] })).toBe('deny');
    expect(ask({ permissionMode: 'plan', toolName: 'Delete' })).toBe('deny');
    expect(ask({ permissionMode: 'plan' })).toBe('deny');
    expect(ask({ permissionMode: 'plan', allowedTools: ['Bash(ls:*)'] })).toBe('allow');
    expect(ask({ permissionMode: 'plan', toolName: 'Read', input: {} })).toBe('ask');
  });

  it('dontAsk denies whatever is not allowed', () => {
    expect(ask({ permissionMode: 'dontAsk' })).toBe('deny');
    expect(ask({ permissionMode: 'dontAsk', allowedTools: ['Bash'] })).toBe('allow');
  });

  it('a disallowed chained command is denied even when the first part is allowed', () => {
    expect(
      ask({
        input: { command: 'git status && rm -rf build' },
        allowedTools: ['Bash(git status:*)'],
        disallowedTools: ['Bash(rm:*)'],
      }),
    ).toBe('deny');
  });

  it('never allows a call that a disallowed whole-tool rule names (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Bash', 'Edit', 'Read', 'mcp__blender__render', 'Tool'),
        fc.constantFrom('default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'),
        fc.array(fc.constantFrom('Bash', 'Edit', 'Read(./**)', 'mcp__blender', 'Tool'), {
          maxLength: 3,
        }),
        fc.string(),
        (toolName, permissionMode, allowedTools, command) => {
          const decision = decidePermission({
            toolName,
            input: { command, file_path: `${cwd}/a` },
            allowedTools,
            disallowedTools: [toolName],
            permissionMode,
            cwd,
          });
          expect(decision).toBe('deny');
        },
      ),
    );
  });
});
