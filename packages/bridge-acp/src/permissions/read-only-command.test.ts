import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../__fixtures__/parse-shell.js';
import { isReadOnlyShell, shellCommandLine } from './read-only-command.js';

const readOnly = (command: string) => isReadOnlyShell(parseShell(command));

describe('PM-01 read-only commands, read by the bash grammar', () => {
  it.each([
    'ls -la',
    'cat a.txt | head -5',
    'git status && git diff HEAD',
    'grep -rn foo src; pwd',
    'find . -name "*.ts"',
    'echo hi',
    'cat a 2>&1',
    'ls 2>/dev/null',
    "echo 'a > b; rm c'",
    'cat < a.txt',
  ])('PM-01 %s only reads', (command) => {
    expect(readOnly(command)).toBe(true);
  });

  it.each([
    'echo hi > shell.txt',
    'cat a >> b',
    'rm -rf build',
    'ls && rm x',
    'git push',
    'git',
    'find . -delete',
    'find . -exec rm {} ;',
    'echo $(rm x)',
    'ls `rm x`',
    'cat <(rm x)',
    '',
    'npm install',
    'env rm x',
    'x=1 ls',
    '(rm x)',
    'echo $HOME',
    'cat <<EOF\nx\nEOF',
    "echo $'a' ; rm b",
    'ls # comment\nrm y',
    'tree -o out.txt',
    'rg --pre ./run x',
    'date -s 2020-01-01',
    'ls "unterminated',
    'if true; then ls; fi',
  ])('PM-01 %j may change things', (command) => {
    expect(readOnly(command)).toBe(false);
  });

  it('PM-01 a command with a writing step anywhere in the chain is never read-only (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('ls', 'pwd', 'git status', 'cat a'), { maxLength: 3 }),
        fc.constantFrom('rm x', 'touch y', 'git commit -m m', 'mv a b', 'echo a > b'),
        fc.array(fc.constantFrom('ls', 'pwd'), { maxLength: 3 }),
        fc.constantFrom(' && ', '; ', ' | ', ' || ', '\n', ' & '),
        (before, writing, after, separator) => {
          expect(readOnly([...before, writing, ...after].join(separator))).toBe(false);
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
