/** One (rule, command) pair: the rule is an allow (`--allowedTools`) or a deny (`--disallowedTools`). */
export type RulePair = { readonly kind: 'allow' | 'deny'; readonly rule: string; readonly command: string };

const pairs = (kind: RulePair['kind'], rule: string, commands: readonly string[]): RulePair[] =>
  commands.map((command) => ({ kind, rule, command }));

/** RU-06: every example of issue 18 and more, grouped by rule (one Claude Code run per rule). */
export const shellRuleCorpus: readonly RulePair[] = [
  ...pairs('allow', 'Bash(cat:*)', [
    'cat x > y', 'cat x >> ~/.bashrc', 'cat x &> y', 'cat x 2>&1 > y', 'cat <(rm -rf x)',
    'cat >(tee y)', "cat $'x\\'y' ; rm z", "cat x # '\nrm y", 'cat ~/.ssh/id_rsa', 'cat /etc/*',
    'cat x', 'cat x > /dev/null', 'cat x 2>&1', 'cat x 2>/dev/null', 'cat $(rm x)', 'cat `rm x`',
    'cat $((1+2))', 'cat x && rm y', 'cat x || rm y', 'cat x | sh', 'cat x; rm y', 'cat x & rm y',
    'cat ../outside', 'cat /tmp/x', 'cat "$HOME/x"', 'cat x\\\n && rm y', 'cat <<EOF\nhi\nEOF',
    'cat x; (', 'cat a b c', 'cat -n x', 'cat x | cat', 'cat x | grep y', '(cat x)', 'cat ./x',
    'x=1 cat y', 'cat x >| y', 'cat x 1>&2', 'cat < x', 'cat < /etc/passwd', 'cat x\rrm y',
  ]),
  ...pairs('allow', 'Bash(git status:*)', [
    'git status > ~/.bashrc', 'git status', 'git status --short', 'git  status', 'git status; rm x',
    'git statusx', 'git status && git push', 'git status | tee y', 'git status 2>&1',
  ]),
  ...pairs('allow', 'Bash(find:*)', [
    'find . -delete', 'find . -exec rm {} \\;', 'find . -name x', 'find . -execdir ls \\;',
    'find . -fprint y', 'find / -name x', 'find . -type f | xargs rm', 'find . -ok rm {} \\;',
  ]),
  ...pairs('allow', 'Bash(echo:*)', [
    'echo hi', 'echo $(rm x)', 'echo `rm x`', 'echo hi > y', 'echo hi > /dev/null', 'echo $HOME',
    "echo 'a;b'", 'echo "a && b"', 'echo a && echo b', 'echo a | rm x', 'echo x | xargs rm',
  ]),
  ...pairs('allow', 'Bash(npm test)', ['npm test', 'npm test --watch', 'npm  test', 'npm test; rm x']),
  ...pairs('deny', 'Bash(rm:*)', [
    'rm x', '/bin/rm x', '\\rm x', '"rm" x', "r''m x", 'command rm x', 'env rm x', 'env A=1 rm x',
    'timeout 5 rm x', 'nohup rm x', 'time rm x', 'sudo rm x', 'exec rm x', 'nice -n 5 rm x',
    'x=1 rm y', '(rm x)', '{ rm x; }', 'echo $(rm x)', 'echo `rm x`', 'echo x | xargs rm',
    'ls && rm x', 'ls; rm x', 'ls || rm x', 'cat <(rm x)', 'if true; then rm x; fi', 'rm', 'rmdir x',
    'echo rm x', 'ls rm', 'builtin rm x', 'stdbuf -o0 rm x', 'for f in a; do rm $f; done',
  ]),
  ...pairs('deny', 'Bash(git push:*)', [
    'git  push', 'git push', 'git push origin main', 'git\tpush', 'git status && git push',
    'git pushx', 'git status', 'command git push', '(git push)', 'echo $(git push)',
  ]),
  ...pairs('deny', 'Bash(curl:*)', [
    'curl x', 'ls | curl x', 'env curl x', 'sudo curl x', '/usr/bin/curl x', 'echo curl',
    'timeout 3 curl x', 'xargs curl < x', 'c""url x',
  ]),
];
