import { describe, expect, it } from 'vitest';
import { cwd, matchesPermissionRule } from './__fixtures__/match-permission-rule.js';

describe('permission rule syntax', () => {
  it.each([
    ['Read', 'Read', { file_path: '/anywhere/a' }, undefined],
    ['  Bash  ', 'Bash', { command: 'rm -rf /' }, undefined],
    ['Bash(git status:*)', 'Bash', { command: 'git status -s' }, { command: 'ls' }],
    ['Read(./src/**)', 'Read', { file_path: `${cwd}/src/a.ts` }, { file_path: `${cwd}/lib/a.ts` }],
    ['Bash()', 'Bash', { command: 'a && b $(c)' }, undefined],
    ['Bash(*)', 'Bash', { command: 'a && b $(c)' }, undefined],
    ['Bash(echo \\(hi\\):*)', 'Bash', { command: "echo '(hi)'" }, { command: 'echo \\(hi' }],
    ['Bash(echo (nested):*)', 'Bash', { command: 'echo "(nested)"' }, { command: 'echo' }],
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

  it('RU-07 a bare rule allows its own tool only (as Claude Code asks for Write under allow Edit); a deny rule covers the family', () => {
    expect(matchesPermissionRule('Edit', 'Write', { file_path: '/x' })).toBe(false);
    expect(matchesPermissionRule('Edit', 'Edit', { file_path: '/x' })).toBe(true);
    expect(matchesPermissionRule('Read', 'Grep', {})).toBe(false);
    const deny = { purpose: 'deny' } as const;
    expect(matchesPermissionRule('Edit', 'Write', { file_path: '/x' }, deny)).toBe(true);
    expect(matchesPermissionRule('Edit', 'MultiEdit', {}, deny)).toBe(true);
    expect(matchesPermissionRule('Read', 'Grep', {}, deny)).toBe(true);
    expect(matchesPermissionRule('Write', 'Edit', {}, deny)).toBe(false);
    expect(matchesPermissionRule('Read', 'Edit', {}, deny)).toBe(false);
  });

  it("RU-07 a content rule of a file tool is its family's: Edit(...) covers Write, Write(...) allows nothing", () => {
    const options = { cwd: '/p' };
    const input = { file_path: '/p/docs/a.md' };
    expect(matchesPermissionRule('Edit(./docs/**)', 'Write', input, options)).toBe(true);
    expect(
      matchesPermissionRule(
        'Edit(./docs/**)',
        'NotebookEdit',
        { notebook_path: '/p/docs/n.ipynb' },
        options,
      ),
    ).toBe(true);
    expect(matchesPermissionRule('Write(./docs/**)', 'Write', input, options)).toBe(false);
    expect(
      matchesPermissionRule('Write(./docs/**)', 'Write', input, { ...options, purpose: 'deny' }),
    ).toBe(true);
    expect(matchesPermissionRule('Read(./docs/**)', 'Grep', { path: '/p/docs' }, options)).toBe(
      true,
    );
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
