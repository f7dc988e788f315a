import { describe, expect, it } from 'vitest';
import { splitShellCommand } from './shell-command.js';

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
