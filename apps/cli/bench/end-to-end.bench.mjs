#!/usr/bin/env node
// `pnpm bench`: agentbridge end to end next to the ideal relay (ideal-relay.mjs), every figure of
// the performance targets in one table from one run. Build first (`pnpm build`; `pnpm bench` does).
//   node bench/end-to-end.bench.mjs [--chunks 200000] [--repeat 5] [--large-bytes 30000000]
//                                   [--turns 1000] [--startup-runs 31] [--compare <bin>]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, memoryKibibytes, now } from './bench-process.mjs';
import { cliBinPath, startCli, startIdealRelay } from './bench-targets.mjs';
import { compareBuildRows } from './compare-builds.mjs';
import { ruleEvaluationRows } from './rule-evaluation.mjs';

const heapProbePath = fileURLToPath(new URL('./heap-probe.mjs', import.meta.url));

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200000' },
    repeat: { type: 'string', default: '5' },
    'large-bytes': { type: 'string', default: '30000000' },
    turns: { type: 'string', default: '1000' },
    'startup-runs': { type: 'string', default: '31' },
    compare: { type: 'string' },
  },
});
const chunks = Number(values.chunks);
const repeat = Number(values.repeat);
const largeBytes = Number(values['large-bytes']);
const turns = Number(values.turns);
const startupRuns = Number(values['startup-runs']);

const root = mkdtempSync(join(tmpdir(), 'agentbridge-bench-'));
const workDirectory = join(root, 'work');
const stateDirectory = join(root, 'state');
mkdirSync(workDirectory);
const mebibytes = (kibibytes) => kibibytes / 1024;

/** Runs `body(target)` on a started target, then ends its input and checks that it exited 0. */
async function withTarget(start, options, body) {
  const target = start({ workDirectory, stateDirectory, ...options });
  try {
    await target.open();
    const result = await body(target);
    target.child.stdin.end();
    const exit = await target.exited;
    if (exit.code !== 0) throw new Error(`exit ${exit.code ?? exit.signal}\n${target.stderr()}`);
    return result;
  } finally {
    if (target.child.exitCode === null) target.child.kill('SIGKILL');
  }
}

/** One prompt of `chunks` chunks: elapsed ms from sending it to its last line, peak RSS (KiB). */
const streamOnce = (start, partial) =>
  withTarget(start, { partial, chunks }, async (target) => {
    const startedAt = now();
    await target.prompt();
    return { elapsedMs: now() - startedAt, peak: memoryKibibytes(target.child.pid) };
  });

/** One prompt whose agent writes one line of `largeBytes`: peak RSS over RSS before, per byte. */
const largeLineOnce = (start, partial) =>
  withTarget(start, { partial, largeBytes }, async (target) => {
    const before = memoryKibibytes(target.child.pid, 'VmRSS');
    await target.prompt();
    return ((memoryKibibytes(target.child.pid) - before) * 1024) / largeBytes;
  });

/** Bytes of data on the CLI's heap after a full GC (the preloaded heap-probe.mjs answers SIGUSR2). */
async function heapAfterGc(target, probe) {
  target.child.kill('SIGUSR2');
  for (;;) {
    const answers = [...target.stderr().matchAll(/agentbridge-bench-heap (\d+) (\d+)/g)];
    const last = answers.at(-1);
    if (last !== undefined && Number(last[1]) === probe) return Number(last[2]);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * One session of `5 × turns` prompts of 10 chunks: RSS (KiB) after the first and the `turns`-th,
 * and the heap's data after a full GC at turns `3 × turns` and `5 × turns` (past V8's warm-up, whose
 * type feedback grows the heap for the first few thousand turns): growth of the process's own
 * state per turn, beyond the garbage and compiled code RSS also counts.
 */
const turnsOnce = () =>
  withTarget(
    startCli,
    { chunks: 10, nodeArgs: ['--expose-gc', '--import', heapProbePath] },
    async (target) => {
      await target.prompt();
      const afterFirst = memoryKibibytes(target.child.pid, 'VmRSS');
      for (let turn = 1; turn < turns; turn += 1) await target.prompt();
      const afterLast = memoryKibibytes(target.child.pid, 'VmRSS');
      for (let turn = 0; turn < 2 * turns; turn += 1) await target.prompt();
      const heapBefore = await heapAfterGc(target, 1);
      for (let turn = 0; turn < 2 * turns; turn += 1) await target.prompt();
      const heapAfter = await heapAfterGc(target, 2);
      return { afterFirst, afterLast, heapGrowth: (heapAfter - heapBefore) / (2 * turns) };
    },
  );

/**
 * Milliseconds from spawn to the first `system/init` of the CLI, with an instant agent: the
 * firehose agent (a Node process: its own start-up is in the figure), or with `shellAgent` the
 * instant-agent.sh (sh builtins, ~1 ms: the figure is agentbridge's own).
 */
async function startupOnce(shellAgent, cliArgs = [], start = startCli) {
  const startedAt = now();
  return withTarget(start, { chunks: 1, shellAgent, cliArgs }, async () => now() - startedAt);
}

/** Claude Code rules of every kind, which a start-up must not pay for before a call meets them. */
const ruleArgs = [
  '--allowedTools',
  'Bash(git status:*),Read(./src/**),WebFetch(domain:example.com)',
  '--disallowedTools',
  'Bash(rm:*),Read(*.env)',
];

/** Milliseconds from spawn to the firehose agent's answer to `initialize` (no agentbridge). */
async function agentStartupOnce() {
  const startedAt = now();
  return withTarget(startIdealRelay, { chunks: 1, agentOnly: true }, async () => now() - startedAt);
}

/** Milliseconds from spawn to exit of `node <args>`: `node -e ''`, or `agentbridge --version`. */
function nodeRunOnce(args) {
  const startedAt = now();
  // The CLI's environment (bench-targets.mjs): an inherited NODE_EXTRA_CA_CERTS alone costs
  // node ~25 ms of start-up, which would flatter the delta.
  const env = { PATH: process.env.PATH ?? '', HOME: workDirectory };
  const child = spawn(process.execPath, args, { stdio: 'ignore', cwd: workDirectory, env });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(now() - startedAt));
  });
}

const format = (value, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const signed = (value, digits) => `${value >= 0 ? '+' : ''}${format(value, digits)}`;
const rows = [];
/** One row: what is measured, agentbridge's figure, the baseline's, the result and its target. */
const row = (figure, ours, baseline, result, target, met) =>
  rows.push([figure, ours, baseline, result, target, met === undefined ? '-' : met ? 'yes' : 'NO']);

try {
  // Warm the file cache, unmeasured.
  await streamOnce(startIdealRelay, true);
  await streamOnce(startCli, true);

  // (a) throughput: runs interleaved, so that a noisy neighbour hurts both sides alike.
  for (const partial of [true, false]) {
    const cliRuns = [];
    const relayRuns = [];
    for (let index = 0; index < repeat; index += 1) {
      relayRuns.push(await streamOnce(startIdealRelay, partial));
      cliRuns.push(await streamOnce(startCli, partial));
    }
    const rate = (runs) => (chunks / median(runs.map((run) => run.elapsedMs))) * 1000;
    const ratio = rate(cliRuns) / rate(relayRuns);
    row(
      `chunks/s, ${partial ? 'with' : 'without'} partial messages`,
      format(rate(cliRuns)),
      `${format(rate(relayRuns))} (ideal relay)`,
      `${format(ratio, 2)}x`,
      '>= 0.80x',
      ratio >= 0.8,
    );
    if (partial) {
      const peak = mebibytes(Math.max(...cliRuns.map((run) => run.peak)));
      const relayPeak = mebibytes(Math.max(...relayRuns.map((run) => run.peak)));
      row(
        `peak RSS MiB, ${format(chunks)} chunks`,
        format(peak, 1),
        `${format(relayPeak, 1)} (ideal relay)`,
        `${format(peak, 1)} MiB`,
        '<= 80 MiB',
        peak <= 80,
      );
    }
  }

  // (b) one large line: the worst of `repeat` runs (at least 2).
  for (const partial of [true, false]) {
    const costs = [];
    for (let index = 0; index < Math.max(2, Math.ceil(repeat / 2)); index += 1)
      costs.push(await largeLineOnce(startCli, partial));
    const relayCost = await largeLineOnce(startIdealRelay, partial);
    const cost = Math.max(...costs);
    row(
      `memory per byte, one ${format(largeBytes / 1e6)} MB line, ${partial ? 'with' : 'without'} partial`,
      format(cost, 2),
      `${format(relayCost, 2)} (ideal relay)`,
      `${format(cost, 2)} bytes/byte`,
      '<= 3',
      cost <= 3,
    );
  }

  // (c) a long session: RSS after the first and the last turn; the live heap per turn after that.
  const { afterFirst, afterLast, heapGrowth } = await turnsOnce();
  row(
    `RSS MiB after 1 / ${format(turns)} turns`,
    `${format(mebibytes(afterFirst), 1)} / ${format(mebibytes(afterLast), 1)}`,
    '',
    `${signed(mebibytes(afterLast - afterFirst), 1)} MiB`,
    'see the next row',
    undefined,
  );
  row(
    `heap data per turn, turns ${format(3 * turns)} to ${format(5 * turns)}`,
    `${format(heapGrowth)} bytes`,
    '',
    `${format(heapGrowth)} bytes/turn`,
    '<= 128 (flat)',
    heapGrowth <= 128,
  );

  // (d) start-up, interleaved: bare node, --version, spawn to system/init (instant agent).
  const bare = [];
  const version = [];
  const init = [];
  const shellInit = [];
  const shellInitRules = [];
  const agentAlone = [];
  for (let index = 0; index < startupRuns; index += 1) {
    bare.push(await nodeRunOnce(['-e', '']));
    version.push(await nodeRunOnce([cliBinPath, '--version']));
    init.push(await startupOnce(false));
    shellInit.push(await startupOnce(true));
    shellInitRules.push(await startupOnce(true, ruleArgs));
    agentAlone.push(await agentStartupOnce());
  }
  for (const [figure, values, limit] of [
    ['start-up ms, spawn to system/init, Node agent', init, 40],
    ['start-up ms, spawn to system/init, sh agent', shellInit, 40],
    ['start-up ms, spawn to system/init, sh agent, with rules', shellInitRules, 40],
    ['start-up ms, the Node agent alone', agentAlone, undefined],
    ['start-up ms, --version', version, 10],
  ]) {
    const delta = median(values) - median(bare);
    row(
      figure,
      format(median(values), 1),
      `${format(median(bare), 1)} (node -e '')`,
      `${signed(delta, 1)} ms`,
      limit === undefined ? 'reported' : `<= +${limit} ms`,
      limit === undefined ? undefined : delta <= limit,
    );
  }

  // (e) rule evaluation (issue 18): one decision with rules next to the same without, same run.
  for (const { figure, ours, baseline, unit } of await ruleEvaluationRows()) {
    const digits = unit === 'ms' ? 1 : 2;
    row(
      figure,
      `${format(ours, digits)} ${unit}`,
      baseline === undefined ? 'once a process' : `${format(baseline, digits)} ${unit} (no rules)`,
      baseline === undefined ? `${format(ours, digits)} ${unit}` : `${format(ours / baseline, 0)}x`,
      unit === 'ms' ? 'reported' : '<= 1,000 µs a call',
      unit === 'ms' ? undefined : ours <= 1000,
    );
  }

  // (f) --compare: this build next to another build, same run.
  if (values.compare !== undefined)
    await compareBuildRows({
      compareBin: values.compare,
      chunks,
      repeat,
      startupRuns,
      measure: { streamOnce, startupOnce },
      row,
      format,
    });

  const header = ['figure', 'agentbridge', 'baseline', 'result', 'target', 'met'];
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
  console.log(
    `agentbridge bench: node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0].toFixed(2)}; ${format(chunks)} agent_message_chunk per prompt, medians of ${repeat} interleaved runs (start-up: ${startupRuns})`,
  );
  for (const cells of table)
    console.log(cells.map((cell, column) => cell.padEnd(widths[column])).join('  '));
} finally {
  rmSync(root, { recursive: true, force: true });
}
