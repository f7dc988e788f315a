import { describe, expect, it } from 'vitest';
import { parseShell } from '../__fixtures__/parse-shell.js';
import { matchesPermissionRule } from './__fixtures__/match-permission-rule.js';
import { decidePermission } from './permission-rules.js';

const cwd = '/home/me/project';
const homeDirectory = '/home/me';
const decide = (command: string, rules: { allow?: string; deny?: string }) =>
  decidePermission({
    toolName: 'Bash',
    input: { command },
    cwd,
    homeDirectory,
    shell: parseShell(command),
    ...(rules.allow === undefined ? {} : { allowedTools: [rules.allow] }),
    ...(rules.deny === undefined ? {} : { disallowedTools: [rules.deny] }),
  });

describe('shell rules over the bash grammar (issue 18)', () => {
  const catAsks = [
    'cat x > y',
    'cat x >> ~/.bashrc',
    'cat x &> y',
    'cat x 2>&1 > y',
    'cat <(rm -rf x)',
    'cat >(tee y)',
    "cat $'x\\'y' ; rm z",
    "cat x # '\nrm y",
    'cat ~/.ssh/id_rsa',
    'cat /etc/*',
    'cat $(rm x)',
    'cat `rm x`',
    'cat $((1+2))',
    'cat x && rm y',
    'cat x | sh',
    'cat <<EOF\n$(rm x)\nEOF',
    'cat x \\\n; rm y',
    'cat ../outside',
    'cat x; (',
    '(cat x)',
    '{ cat x; }',
  ];
  for (const command of catAsks) {
    it(`RU-02 allow Bash(cat:*) asks for ${JSON.stringify(command)}`, () => {
      expect(decide(command, { allow: 'Bash(cat:*)' })).toBe('ask');
    });
  }
  const catAllows = [
    'cat x',
    'cat x > /dev/null',
    'cat x 2>&1',
    'cat src/a.ts | cat',
    'cat x 2>/dev/null',
  ];
  for (const command of catAllows) {
    it(`RU-02 allow Bash(cat:*) still allows ${JSON.stringify(command)}`, () => {
      expect(decide(command, { allow: 'Bash(cat:*)' })).toBe('allow');
    });
  }
  it('RU-02 allow Bash(git status:*) asks for `git status > ~/.bashrc`', () => {
    expect(decide('git status > ~/.bashrc', { allow: 'Bash(git status:*)' })).toBe('ask');
    expect(decide('git status', { allow: 'Bash(git status:*)' })).toBe('allow');
  });
  it('RU-02 allow Bash(find:*) asks for `find . -delete` and `find . -exec rm {} ;`', () => {
    expect(decide('find . -delete', { allow: 'Bash(find:*)' })).toBe('ask');
    expect(decide('find . -exec rm {} \\;', { allow: 'Bash(find:*)' })).toBe('ask');
    expect(decide('find . -name x', { allow: 'Bash(find:*)' })).toBe('allow');
  });

  const rmDenied = [
    'rm x',
    '/bin/rm x',
    '\\rm x',
    '"rm" x',
    "r''m x",
    'command rm x',
    'env rm x',
    'env A=1 rm x',
    'timeout 5 rm x',
    'nohup rm x',
    'time rm x',
    'sudo rm x',
    'sudo -u root rm x',
    'exec rm x',
    'nice -n 5 rm x',
    'x=1 rm y',
    '(rm x)',
    '{ rm x; }',
    'echo $(rm x)',
    'echo `rm x`',
    'echo x | xargs rm',
    'echo x | xargs -0 rm',
    'ls && rm x',
    'cat <(rm x)',
    'if true; then rm x; fi',
    'rm x; (',
  ];
  for (const command of rmDenied) {
    it(`RU-03 deny Bash(rm:*) denies ${JSON.stringify(command)}`, () => {
      expect(decide(command, { deny: 'Bash(rm:*)', allow: 'Bash' })).toBe('deny');
    });
  }
  it('RU-03 deny Bash(git push:*) sees through whitespace: `git  push`', () => {
    expect(decide('git  push', { deny: 'Bash(git push:*)' })).toBe('deny');
    expect(decide('git\tpush origin', { deny: 'Bash(git push:*)' })).toBe('deny');
    expect(decide('git status', { deny: 'Bash(git push:*)' })).toBe('ask');
  });
  it('RU-02 an exact rule names the line as written: `Bash(ls -la)` asks for `ls  -la`', () => {
    expect(decide('ls -la', { allow: 'Bash(ls -la)' })).toBe('allow');
    expect(decide('ls  -la', { allow: 'Bash(ls -la)' })).toBe('ask');
  });
  it('RU-04 a command line with a control character (\\r) is refused before any rule', () => {
    expect(decide('ls\rrm x', { allow: 'Bash' })).toBe('deny');
    expect(
      decidePermission({
        toolName: 'Bash',
        input: { command: 'echo a\rb' },
        permissionMode: 'bypassPermissions',
      }),
    ).toBe('deny');
  });
  it('RU-05 an unparsable line is never allowed by a rule; without a parse no shell allow rule matches', () => {
    expect(decide('cat x; (', { allow: 'Bash(cat:*)' })).toBe('ask');
    expect(parseShell('cat x; (')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/grammar/),
    });
    expect(
      decidePermission({
        toolName: 'Bash',
        input: { command: 'cat x' },
        cwd,
        allowedTools: ['Bash(cat:*)'],
      }),
    ).toBe('ask');
  });
  it('RU-02 paths in --add-dir directories are inside the session', () => {
    const question = { toolName: 'Bash', cwd, allowedTools: ['Bash(cat:*)'] };
    const command = 'cat /srv/data/x';
    const shell = parseShell(command);
    expect(decidePermission({ ...question, input: { command }, shell })).toBe('ask');
    expect(
      decidePermission({
        ...question,
        input: { command },
        shell,
        additionalDirectories: ['/srv/data'],
      }),
    ).toBe('allow');
  });
});

describe('RU-10 Read and Edit deny rules over the paths of a Bash line', () => {
  const options = { cwd: '/p', homeDirectory: '/h', purpose: 'deny' } as const;
  it.each([
    ['Read(./secrets/**)', 'cat secrets/key', true],
    ['Read(./secrets/**)', 'head -1 ./secrets/key', true],
    ['Read(./secrets/**)', 'cat < secrets/key', true],
    ['Read(./secrets/**)', 'ls && cat /p/secrets/key', true],
    ['Read(./secrets/**)', 'cat docs/x.md', false],
    ['Read(~/.ssh/**)', 'cat ~/.ssh/id_rsa', true],
    ['Read(./secrets/**)', 'cat src/a > secrets/key', false],
    ['Edit(./docs/**)', 'cat src/a.ts > docs/out.md', true],
    ['Edit(./docs/**)', 'cat src/a.ts 2>&1', false],
    ['Edit(./docs/**)', 'cat src/a.ts', false],
    ['Read(./secrets/**)', 'cat "secrets/key', true],
  ])('RU-10 deny %s covers %j: %s', (rule, command, expected) => {
    expect(matchesPermissionRule(rule, 'Bash', { command }, options)).toBe(expected);
  });
});
