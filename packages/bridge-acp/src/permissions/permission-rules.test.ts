import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidePermission } from './permission-rules.js';

const cwd = '/home/me/project';

/** Whether one rule covers a call, read through decidePermission: as an allow rule it allows, as a deny rule it denies. */
const matchesPermissionRule = (
  rule: string,
  toolName: string,
  input: unknown,
  options: { purpose?: 'allow' | 'deny'; cwd?: string; homeDirectory?: string } = {},
): boolean => {
  const { purpose = 'allow', ...context } = options;
  return purpose === 'deny'
    ? decidePermission({ toolName, input, ...context, disallowedTools: [rule] }) === 'deny'
    : decidePermission({ toolName, input, ...context, allowedTools: [rule] }) === 'allow';
};

describe('permission rule syntax', () => {
  it.each([
    ['Read', 'Read', { file_path: '/anywhere/a' }, undefined],
    ['  Bash  ', 'Bash', { command: 'rm -rf /' }, undefined],
    ['Bash(git status:*)', 'Bash', { command: 'git status -s' }, { command: 'ls' }],
    ['Read(./src/**)', 'Read', { file_path: `${cwd}/src/a.ts` }, { file_path: `${cwd}/lib/a.ts` }],
    ['Bash()', 'Bash', { command: 'a && b $(c)' }, undefined],
    ['Bash(*)', 'Bash', { command: 'a && b $(c)' }, undefined],
    ['Bash(echo \\(hi\\))', 'Bash', { command: 'echo (hi)' }, { command: 'echo \\(hi\\)' }],
    ['Bash(echo (nested))', 'Bash', { command: 'echo (nested)' }, { command: 'echo' }],
    ['mcp__blender', 'mcp__blender__render', {}, undefined],
    ['mcp__blender__render', 'mcp__blender__render', {}, undefined],
    [
      'WebFetch(domain:example.com)',
      'WebFetch',
      { url: 'https://example.com/a' },
      { url: 'https://x.org' },
    ],
  ])(
    'parses %j: `Tool`, `Tool(content)`; `Tool()` and `Tool(*)` are the whole tool',
    (rule, toolName, covered, uncovered) => {
      expect(matchesPermissionRule(rule, toolName, covered, { cwd })).toBe(true);
      if (uncovered !== undefined) {
        expect(matchesPermissionRule(rule, toolName, uncovered, { cwd })).toBe(false);
      }
    },
  );

  it.each([[''], ['   '], ['(x)'], ['Bash(unclosed'], ['two words'], ['Bash x(y)']])(
    'rejects %j: it covers no tool',
    (rule) => {
      for (const toolName of [
        '',
        '(x)',
        'x',
        'Bash',
        'two',
        'two words',
        'Bash x',
        'Bash(unclosed',
      ]) {
        const input = { command: 'y', file_path: `${cwd}/y` };
        expect(matchesPermissionRule(rule, toolName, input, { cwd })).toBe(false);
        expect(matchesPermissionRule(rule, toolName, input, { cwd, purpose: 'deny' })).toBe(false);
      }
    },
  );
});

describe('matchesPermissionRule', () => {
  it('a whole-tool rule matches every call of that tool only', () => {
    expect(matchesPermissionRule('Bash', 'Bash', { command: 'rm -rf /' })).toBe(true);
    expect(matchesPermissionRule('Bash', 'Read', {})).toBe(false);
    expect(matchesPermissionRule('Tool', 'Tool', undefined)).toBe(true);
  });

  it('Edit and Read rules cover their file tool families', () => {
    expect(matchesPermissionRule('Edit', 'Write', { file_path: '/x' })).toBe(true);
    expect(matchesPermissionRule('Edit', 'MultiEdit', {})).toBe(true);
    expect(matchesPermissionRule('Read', 'Grep', {})).toBe(true);
    expect(matchesPermissionRule('Write', 'Edit', {})).toBe(false);
    expect(matchesPermissionRule('Read', 'Edit', {})).toBe(false);
  });

  it('Bash(prefix:*) matches the prefix as a whole word', () => {
    const rule = 'Bash(git status:*)';
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status' })).toBe(true);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status --short' })).toBe(true);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git statusx' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git push' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', {})).toBe(false);
    expect(matchesPermissionRule(rule, 'Read', { command: 'git status' })).toBe(false);
  });

  it('an allow rule never covers a chained or substituted command', () => {
    const rule = 'Bash(git status:*)';
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status && rm -rf /' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status; rm -rf /' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status | sh' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status $(rm -rf /)' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status `rm -rf /`' })).toBe(false);
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status && git status -s' })).toBe(
      true,
    );
    expect(matchesPermissionRule(rule, 'Bash', { command: 'git status 2>&1' })).toBe(true);
    expect(matchesPermissionRule(rule, 'Bash', { command: "git status 'a;b'" })).toBe(true);
  });

  it('a deny rule matches when any chained command matches', () => {
    const deny = { purpose: 'deny' } as const;
    expect(matchesPermissionRule('Bash(rm:*)', 'Bash', { command: 'ls && rm -rf /' }, deny)).toBe(
      true,
    );
    expect(matchesPermissionRule('Bash(rm:*)', 'Bash', { command: 'ls | cat' }, deny)).toBe(false);
  });

  it('Bash exact and wildcard contents', () => {
    expect(matchesPermissionRule('Bash(npm run build)', 'Bash', { command: 'npm run build' })).toBe(
      true,
    );
    expect(
      matchesPermissionRule('Bash(npm run build)', 'Bash', { command: 'npm run build:x' }),
    ).toBe(false);
    expect(
      matchesPermissionRule('Bash(git * main)', 'Bash', { command: 'git push origin main' }),
    ).toBe(true);
    expect(
      matchesPermissionRule('Bash(git * main)', 'Bash', { command: 'git push origin dev' }),
    ).toBe(false);
  });

  it('path rules follow Claude Code: ./ and bare are cwd-relative, // absolute, ~ home', () => {
    const options = { cwd, homeDirectory: '/home/me' };
    expect(
      matchesPermissionRule('Read(./src/**)', 'Read', { file_path: `${cwd}/src/a/b.ts` }, options),
    ).toBe(true);
    expect(matchesPermissionRule('Read(src/**)', 'Read', { file_path: 'src/x.ts' }, options)).toBe(
      true,
    );
    expect(
      matchesPermissionRule('Read(./src/**)', 'Read', { file_path: `${cwd}/lib/b.ts` }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(//etc/**)', 'Read', { file_path: '/etc/passwd' }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(/etc/**)', 'Read', { file_path: '/etc/passwd' }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(~/.ssh/**)', 'Read', { file_path: '/home/me/.ssh/id' }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./src/*.ts)', 'Write', { file_path: `${cwd}/src/a.ts` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule(
        'Edit(./src/*.ts)',
        'Write',
        { file_path: `${cwd}/src/d/a.ts` },
        options,
      ),
    ).toBe(false);
  });

  it('path rules: a slash-free pattern matches at any depth; a directory covers its contents', () => {
    const options = { cwd };
    // gitignore's `*` also matches a leading dot, so `*.env` covers `.env` files.
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/b/.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/env.txt` }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/prod.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(.env)', 'Read', { file_path: `${cwd}/x/.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./docs)', 'Edit', { file_path: `${cwd}/docs/a/b.md` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./docs/)', 'Edit', { file_path: `${cwd}/docs/x.md` }, options),
    ).toBe(true);
  });

  it('path rules resolve .. and never escape by it', () => {
    const options = { cwd };
    expect(
      matchesPermissionRule(
        'Edit(./src/**)',
        'Edit',
        { file_path: `${cwd}/src/../secret.txt` },
        options,
      ),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(../other/**)', 'Read', { path: '/home/me/other/x' }, options),
    ).toBe(true);
  });

  it('path rules need a cwd for relative patterns and a path in the input', () => {
    expect(matchesPermissionRule('Read(./src/**)', 'Read', { file_path: '/p/src/a' })).toBe(false);
    expect(matchesPermissionRule('Read(./src/**)', 'Read', {}, { cwd })).toBe(false);
    expect(matchesPermissionRule('Read(~/x)', 'Read', { file_path: '/home/me/x' }, { cwd })).toBe(
      false,
    );
  });

  it('WebFetch(domain:...) matches the URL host', () => {
    const rule = 'WebFetch(domain:example.com)';
    expect(matchesPermissionRule(rule, 'WebFetch', { url: 'https://example.com/a' })).toBe(true);
    expect(matchesPermissionRule(rule, 'WebFetch', { url: 'https://evil.com/example.com' })).toBe(
      false,
    );
    expect(matchesPermissionRule(rule, 'WebFetch', { url: 'not a url' })).toBe(false);
    expect(
      matchesPermissionRule('WebFetch(domain:*.example.com)', 'WebFetch', {
        url: 'https://a.example.com',
      }),
    ).toBe(true);
  });

  it('mcp__server matches every tool of that server; mcp__server__tool only that tool', () => {
    expect(matchesPermissionRule('mcp__blender', 'mcp__blender__render', {})).toBe(true);
    expect(matchesPermissionRule('mcp__blender__*', 'mcp__blender__render', {})).toBe(true);
    expect(matchesPermissionRule('mcp__blender', 'mcp__blender-2__render', {})).toBe(false);
    expect(matchesPermissionRule('mcp__blender__render', 'mcp__blender__render', {})).toBe(true);
    expect(matchesPermissionRule('mcp__blender__render', 'mcp__blender__delete', {})).toBe(false);
    expect(matchesPermissionRule('mcp__unity-ops', 'mcp__unity-ops__uap_ping', {})).toBe(true);
    expect(matchesPermissionRule('mcp__blender', 'Bash', {})).toBe(false);
  });

  it('unknown content forms match nothing', () => {
    expect(matchesPermissionRule('Task(Explore)', 'Task', { subagent_type: 'Explore' })).toBe(
      false,
    );
    expect(matchesPermissionRule('(bad', 'Bash', {})).toBe(false);
  });
});

describe('decidePermission', () => {
  const ask = (overrides: Partial<Parameters<typeof decidePermission>[0]>) =>
    decidePermission({ toolName: 'Bash', input: { command: 'ls' }, cwd, ...overrides });

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
