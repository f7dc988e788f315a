// Preloaded into the CLI by the bench (`node --expose-gc --import heap-probe.mjs`): on SIGUSR2 it
// runs a full GC and writes to stderr the heap that holds data (all spaces but compiled code, which
// grows as V8 optimises), so that growth of the process's own state per turn can be told apart
// from garbage not collected yet and from code.
import { getHeapSpaceStatistics } from 'node:v8';

let probes = 0;
process.on('SIGUSR2', () => {
  globalThis.gc();
  probes += 1;
  const spaces = getHeapSpaceStatistics().filter((space) => !space.space_name.startsWith('code'));
  const bytes = spaces.reduce((sum, space) => sum + space.space_used_size, 0);
  process.stderr.write(`agentbridge-bench-heap ${probes} ${bytes}\n`);
});
