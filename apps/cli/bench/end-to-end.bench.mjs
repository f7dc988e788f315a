#!/usr/bin/env node
// `pnpm bench` for the CLI: end-to-end streaming throughput next to a plain line relay, added
// start-up next to bare `node -e ''`, and peak RSS. Prints one table. Build first (`pnpm build`).
//   node bench/end-to-end.bench.mjs [--chunks 200000] [--repeat 3] [--startup-runs 10]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median, now, peakResidentKibibytes } from './bench-process.mjs';
import { cliBinPath, startAgentAlone, startCli, startRelay } from './bench-targets.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200000' },
    repeat: { type: 'string', default: '3' },
    'startup-runs': { type: 'string', default: '10' },
  },
});
const chunks = Number(values.chunks);
const repeat = Number(values.repeat);
const startupRuns = Number(values['startup-runs']);

const root = mkdtempSync(join(tmpdir(), 'agentbridge-bench-'));
const workDirectory = join(root, 'work');
const stateDirectory = join(root, 'state');
mkdirSync(workDirectory);

/** One streamed prompt: lines received after the prompt was sent, elapsed ms, peak RSS (KiB). */
async function streamOnce(start) {
  const target = start({ chunks, workDirectory, stateDirectory });
  try {
    await target.open();
    const before = target.lineCount();
    const startedAt = now();
    const after = await target.prompt();
    const elapsedMs = now() - startedAt;
    const peakKibibytes = peakResidentKibibytes(target.child.pid);
    target.child.stdin.end();
    const exit = await target.exited;
    if (exit.code !== 0) throw new Error(`exit ${exit.code ?? exit.signal}\n${target.stderr()}`);
    return { lines: after - before, elapsedMs, peakKibibytes };
  } finally {
    if (target.child.exitCode === null) target.child.kill('SIGKILL');
  }
}

/** Milliseconds from spawn to the first `system/init` of the CLI (instant agent). */
async function cliStartupOnce() {
  const startedAt = now();
  const target = startCli({ chunks: 1, workDirectory, stateDirectory });
  try {
    await target.open();
    const elapsedMs = now() - startedAt;
    target.child.stdin.end();
    await target.exited;
    return elapsedMs;
  } finally {
    if (target.child.exitCode === null) target.child.kill('SIGKILL');
  }
}

/** Milliseconds from spawn to the session of the line relay in front of the same agent. */
async function relayStartupOnce() {
  const startedAt = now();
  const target = startRelay({ chunks: 1, workDirectory });
  try {
    await target.open();
    const elapsedMs = now() - startedAt;
    target.child.stdin.end();
    await target.exited;
    return elapsedMs;
  } finally {
    if (target.child.exitCode === null) target.child.kill('SIGKILL');
  }
}

/** Milliseconds from spawn to exit of `node <args>`: `node -e ''`, or `agentbridge --version`. */
function nodeRunOnce(args) {
  const startedAt = now();
  const child = spawn(process.execPath, args, { stdio: 'ignore', cwd: workDirectory });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(now() - startedAt));
  });
}

async function sample(times, measure) {
  const results = [];
  for (let index = 0; index < times; index += 1) results.push(await measure());
  return results;
}

const format = (value, digits = 0) =>
  value === undefined
    ? 'n/a'
    : value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      });

try {
  // Warm the file cache and the compile cache once, unmeasured.
  await streamOnce(startRelay);
  await cliStartupOnce();

  // Interleaved so that a noisy neighbour hurts both sides alike.
  const cliRuns = [];
  const relayRuns = [];
  const agentRuns = [];
  for (let index = 0; index < repeat; index += 1) {
    agentRuns.push(await streamOnce(startAgentAlone));
    relayRuns.push(await streamOnce(startRelay));
    cliRuns.push(await streamOnce(startCli));
  }
  const agentRate = median(agentRuns.map((run) => (run.lines / run.elapsedMs) * 1000));
  const cliRate = median(cliRuns.map((run) => (run.lines / run.elapsedMs) * 1000));
  const relayRate = median(relayRuns.map((run) => (run.lines / run.elapsedMs) * 1000));
  const cliChunkRate = median(cliRuns.map((run) => (chunks / run.elapsedMs) * 1000));
  const relayChunkRate = median(relayRuns.map((run) => (chunks / run.elapsedMs) * 1000));
  const cliPeak = Math.max(...cliRuns.map((run) => run.peakKibibytes ?? 0)) / 1024;
  const relayPeak = Math.max(...relayRuns.map((run) => run.peakKibibytes ?? 0)) / 1024;

  const bareNode = median(await sample(startupRuns, () => nodeRunOnce(['-e', ''])));
  const cliVersion = median(
    await sample(startupRuns, () => nodeRunOnce([cliBinPath, '--version'])),
  );
  const cliStartup = median(await sample(startupRuns, cliStartupOnce));
  const relayStartup = median(await sample(startupRuns, relayStartupOnce));

  const rows = [
    ['metric', 'agentbridge', 'baseline', 'ratio / delta'],
    [
      'client lines/s (a)',
      format(cliRate),
      `${format(relayRate)} (line relay)`,
      `${format(cliRate / relayRate, 2)}x`,
    ],
    ['', '', `${format(agentRate)} (agent alone)`, `${format(cliRate / agentRate, 2)}x`],
    [
      'agent chunks/s (a)',
      format(cliChunkRate),
      `${format(relayChunkRate)} (line relay)`,
      `${format(cliChunkRate / relayChunkRate, 2)}x`,
    ],
    [
      `ms for ${format(chunks)} chunks`,
      format(median(cliRuns.map((run) => run.elapsedMs))),
      `${format(median(relayRuns.map((run) => run.elapsedMs)))} (line relay)`,
      '',
    ],
    [
      'client lines per prompt',
      format(median(cliRuns.map((run) => run.lines))),
      `${format(median(relayRuns.map((run) => run.lines)))} (line relay)`,
      '',
    ],
    [
      'start-up ms, spawn to init (b)',
      format(cliStartup, 1),
      `${format(bareNode, 1)} (node -e '')`,
      `+${format(cliStartup - bareNode, 1)} ms`,
    ],
    [
      '',
      '',
      `${format(relayStartup, 1)} (relay+agent session)`,
      `+${format(cliStartup - relayStartup, 1)} ms`,
    ],
    [
      'start-up ms, --version (b)',
      format(cliVersion, 1),
      `${format(bareNode, 1)} (node -e '')`,
      `+${format(cliVersion - bareNode, 1)} ms`,
    ],
    [
      'peak RSS MiB, VmHWM (c)',
      format(cliPeak, 1),
      `${format(relayPeak, 1)} (line relay)`,
      `${format(cliPeak / relayPeak, 2)}x`,
    ],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(
    `agentbridge CLI bench: node ${process.version}, ${availableParallelism()} CPUs, ${format(chunks)} agent_message_chunk per prompt, --include-partial-messages, median of ${repeat} (stream) / ${startupRuns} (start-up)`,
  );
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
} finally {
  rmSync(root, { recursive: true, force: true });
}
