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

  it("RU-11 acceptEdits allows Edit, Write, MultiEdit and NotebookEdit inside the session's directories, asks outside and for commands", () => {
    const mode = { permissionMode: 'acceptEdits', cwd } as const;
    for (const toolName of ['Edit', 'Write', 'MultiEdit', 'NotebookEdit']) {
      expect(ask({ ...mode, toolName, input: { file_path: `${cwd}/x` } })).toBe('allow');
      expect(ask({ ...mode, toolName, input: { file_path: 'src/x' } })).toBe('allow');
      expect(ask({ ...mode, toolName, input: { file_path: '/etc/x' } })).toBe('ask');
      expect(ask({ ...mode, toolName, input: { file_path: `${cwd}/../x` } })).toBe('ask');
    }
    expect(ask({ ...mode, toolName: 'Write', input: {} })).toBe('ask');
    const added = { ...mode, additionalDirectories: ['/data'], toolName: 'Write' };
    expect(ask({ ...added, input: { file_path: '/data/y' } })).toBe('allow');
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

describe('RU-12 protected paths', () => {
  const edit = (file_path: string, extra: Partial<Parameters<typeof decidePermission>[0]> = {}) =>
    decidePermission({
      toolName: 'Write',
      input: { file_path },
      cwd,
      allowedTools: ['Edit(./**)', 'Write'],
      ...extra,
    });
  it.each([
    '.git/hooks/pre-commit',
    '.claude/settings.json',
    '.bashrc',
    'sub/.BASHRC',
    '.vscode/settings.json',
    '.mcp.json',
    '.gitconfig',
    '.husky/pre-push',
    '.config/git/config',
    '.git./config',
  ])('RU-12 an edit of %s is asked about, whatever allows it', (path) => {
    expect(edit(`${cwd}/${path}`)).toBe('ask');
    expect(edit(`${cwd}/${path}`, { permissionMode: 'acceptEdits' })).toBe('ask');
    expect(edit(`${cwd}/${path}`, { permissionMode: 'dontAsk' })).toBe('deny');
    expect(edit(`${cwd}/${path}`, { disallowedTools: ['Write'] })).toBe('deny');
  });
  it('RU-12 ordinary files and names that only look alike are allowed', () => {
    for (const path of [
      'src/a.ts',
      'gitconfig',
      '.github/workflows/ci.yml',
      '.config/x',
      'my.bashrc.bak',
    ])
      expect(edit(`${cwd}/${path}`)).toBe('allow');
    expect(edit(`${cwd}/.bashrc`, { permissionMode: 'bypassPermissions' })).toBe('allow');
  });
});
