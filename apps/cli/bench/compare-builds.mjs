// `--compare <bin>`: this build next to another build of the CLI (its bin/agentbridge.js, e.g. a
// checkout of an older commit, built), in the same run, runs interleaved: the throughput and
// start-up rows of both, and this build's figure over the other's. "No worse" allows the noise of
// medians on a quiet machine: ≥ 0.95x the chunks/s, ≤ +5 ms of start-up.
import { median } from './bench-process.mjs';
import { startCli } from './bench-targets.mjs';

/**
 * The rows comparing the two builds. `streamOnce(start, partial)` and `startupOnce(shellAgent,
 * cliArgs, start)` are the bench's own measurements; `row` adds a row to its table.
 */
export async function compareBuildRows({
  compareBin,
  chunks,
  repeat,
  startupRuns,
  measure,
  row,
  format,
}) {
  const startOther = (options) => startCli({ ...options, binPath: compareBin });
  for (const partial of [true, false]) {
    const ours = [];
    const theirs = [];
    for (let index = 0; index < repeat; index += 1) {
      theirs.push(await measure.streamOnce(startOther, partial));
      ours.push(await measure.streamOnce(startCli, partial));
    }
    const rate = (runs) => (chunks / median(runs.map((run) => run.elapsedMs))) * 1000;
    const ratio = rate(ours) / rate(theirs);
    row(
      `chunks/s, ${partial ? 'with' : 'without'} partial, this build vs --compare`,
      format(rate(ours)),
      `${format(rate(theirs))} (--compare build)`,
      `${format(ratio, 2)}x`,
      '>= 0.95x',
      ratio >= 0.95,
    );
  }
  const runs = { node: [[], []], sh: [[], []] };
  for (let index = 0; index < startupRuns; index += 1)
    for (const [agent, shellAgent] of [
      ['node', false],
      ['sh', true],
    ]) {
      runs[agent][1].push(await measure.startupOnce(shellAgent, [], startOther));
      runs[agent][0].push(await measure.startupOnce(shellAgent, [], startCli));
    }
  for (const [agent, [ours, theirs]] of Object.entries(runs)) {
    const delta = median(ours) - median(theirs);
    row(
      `start-up ms, spawn to system/init, ${agent === 'node' ? 'Node' : 'sh'} agent, this build vs --compare`,
      format(median(ours), 1),
      `${format(median(theirs), 1)} (--compare build)`,
      `${delta >= 0 ? '+' : ''}${format(delta, 1)} ms`,
      '<= +5 ms',
      delta <= 5,
    );
  }
}
