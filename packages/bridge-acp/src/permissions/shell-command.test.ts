import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand, shellCommandLine, splitShellCommand } from './shell-command.js';

describe('splitShellCommand', () => {
  it.each([
    ['git status', ['git status']],
    ['a && b || c; d | e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['a\nb', ['a', 'b']],
    ["echo 'a && b'; c", ["echo 'a && b'", 'c']],
    ['echo "a | b" | wc', ['echo "a | b"', 'wc']],
    ['echo a\\;b', ['echo a\\;b']],
    ['make 2>&1 | tee log', ['make 2>&1', 'tee log']],
    ['cmd &> out', ['cmd &> out']],
    ['  ', []],
  ])('splits %j into its simple commands', (command, expected) => {
    expect(splitShellCommand(command).commands).toEqual(expected);
  });

  it('reports command substitution, also inside double quotes but not single quotes', () => {
    expect(splitShellCommand('echo $(whoami)').hasSubstitution).toBe(true);
    expect(splitShellCommand('echo `whoami`').hasSubstitution).toBe(true);
    expect(splitShellCommand('echo "$(whoami)"').hasSubstitution).toBe(true);
    expect(splitShellCommand("echo '$(whoami)'").hasSubstitution).toBe(false);
    expect(splitShellCommand('echo $HOME').hasSubstitution).toBe(false);
  });
});

describe('isReadOnlyCommand', () => {
  it.each([
    'ls -la',
    'cat a.txt | head -5',
    'git status && git diff HEAD',
    'grep -rn foo src; pwd',
    'find . -name "*.ts"',
    'echo hi',
  ])('%s only reads', (command) => {
    expect(isReadOnlyCommand(command)).toBe(true);
  });

  it.each([
    'echo hi > shell.txt',
    'cat a 2>&1',
    'rm -rf build',
    'ls && rm x',
    'git push',
    'git',
    'find . -delete',
    'find . -exec rm {} ;',
    'echo $(rm x)',
    'ls `rm x`',
    '',
    'npm install',
  ])('%s may change things', (command) => {
    expect(isReadOnlyCommand(command)).toBe(false);
  });

  it('a command with a writing step anywhere in the chain is never read-only', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('ls', 'pwd', 'git status', 'cat a'), { maxLength: 3 }),
        fc.constantFrom('rm x', 'touch y', 'git commit -m m', 'mv a b'),
        fc.array(fc.constantFrom('ls', 'pwd'), { maxLength: 3 }),
        fc.constantFrom(' && ', '; ', ' | ', ' || '),
        (before, writing, after, separator) => {
          expect(isReadOnlyCommand([...before, writing, ...after].join(separator))).toBe(false);
        },
      ),
    );
  });
});

describe('shellCommandLine', () => {
  it('reads a string command, a shell -lc argv (codex-acp) and a plain argv', () => {
    expect(shellCommandLine({ command: 'ls' })).toBe('ls');
    expect(shellCommandLine({ command: ['/bin/bash', '-lc', 'echo hi > a'] })).toBe('echo hi > a');
    expect(shellCommandLine({ command: ['git', 'status'] })).toBe('git status');
    expect(shellCommandLine({ script: 'pwd' })).toBe('pwd');
    expect(shellCommandLine({ command: [1] })).toBeUndefined();
    expect(shellCommandLine({})).toBeUndefined();
  });
});
