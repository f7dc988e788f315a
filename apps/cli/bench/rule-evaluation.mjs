// Rule evaluation (issue 18): what one permission decision costs with Claude Code's rules, next to
// the same decision without rules in the same run. Part of `pnpm bench` (end-to-end.bench.mjs);
// alone: `node bench/rule-evaluation.mjs [--decisions 2000]` after `pnpm build`.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decidePermission } from '@agentbridge/bridge-acp';
import { parseShellCommand } from '@agentbridge/host-node';
import { median, now } from './bench-process.mjs';

const cwd = '/home/me/project';
const homeDirectory = '/home/me';
const shellRules = ['Bash(git status:*)', 'Bash(cat:*)', 'Bash(npm test:*)', 'Bash(ls:*)'];
const shellDeny = ['Bash(rm:*)', 'Bash(git push:*)', 'Read(./secrets/**)'];
const commands = [
  'git status --short',
  'cat src/a.ts | head -5 > /dev/null',
  'npm test -- --run && ls -la',
  'sudo rm -rf /tmp/x',
  "cat $'x\\'y' ; rm z",
  'cat secrets/key',
];
const pathRules = ['Read(./src/**)', 'Read(//etc/**)', 'Edit(./docs/*.md)', 'Read(~/.config/**)'];
const pathDeny = ['Read(*.env)', 'Read(~/.ssh/**)', 'Edit(//etc/**)', 'Read(./secrets/)'];
const files = [
  ['Read', `${cwd}/src/deep/a.ts`],
  ['Write', `${cwd}/docs/x.md`],
  ['Read', `${homeDirectory}/.ssh/id_rsa`],
  ['Read', `${cwd}/config/.env`],
  ['Edit', '/etc/hosts'],
];

/** Median microseconds of one pass over `calls`, each pass timed as a whole (`passes` of them). */
async function perCall(calls, passes, decide) {
  const times = [];
  for (let pass = 0; pass < passes; pass += 1) {
    const startedAt = now();
    for (const call of calls) await decide(call);
    times.push(((now() - startedAt) * 1000) / calls.length);
  }
  return median(times);
}

/**
 * The rows: the grammar's first load (cold, once per process), a Bash decision with rules (parse +
 * rules) next to the decision without rules, and a file decision with path rules next to none.
 */
export async function ruleEvaluationRows(decisions = 2000) {
  const passes = Math.max(5, Math.round(decisions / commands.length / 20));
  const rounds = Array.from({ length: 20 }, () => commands).flat();
  const startedAt = now();
  await parseShellCommand('true');
  const coldMs = now() - startedAt;
  const bare = (toolName, input) => decidePermission({ toolName, input, cwd, homeDirectory });
  const shellBare = await perCall(rounds, passes, (command) => bare('Bash', { command }));
  const shellRuled = await perCall(rounds, passes, async (command) =>
    decidePermission({
      toolName: 'Bash',
      input: { command },
      cwd,
      homeDirectory,
      allowedTools: shellRules,
      disallowedTools: shellDeny,
      shell: await parseShellCommand(command),
    }),
  );
  const fileRounds = Array.from({ length: 40 }, () => files).flat();
  const fileBare = await perCall(fileRounds, passes, ([toolName, file_path]) =>
    bare(toolName, { file_path }),
  );
  const fileRuled = await perCall(fileRounds, passes, ([toolName, file_path]) =>
    decidePermission({
      toolName,
      input: { file_path },
      cwd,
      homeDirectory,
      allowedTools: pathRules,
      disallowedTools: pathDeny,
    }),
  );
  return [
    { figure: 'rules: bash grammar first load (once a process)', ours: coldMs, unit: 'ms' },
    {
      figure: `rules: Bash decision, ${shellRules.length + shellDeny.length} rules (parse + match)`,
      ours: shellRuled,
      baseline: shellBare,
      unit: 'µs',
    },
    {
      figure: `rules: file decision, ${pathRules.length + pathDeny.length} path rules`,
      ours: fileRuled,
      baseline: fileBare,
      unit: 'µs',
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { decisions: { type: 'string', default: '2000' } } });
  for (const row of await ruleEvaluationRows(Number(values.decisions)))
    console.log(
      `${row.figure}: ${row.ours.toFixed(1)} ${row.unit}${row.baseline === undefined ? '' : `, without rules ${row.baseline.toFixed(2)} ${row.unit} (${(row.ours / row.baseline).toFixed(1)}x)`}`,
    );
}
