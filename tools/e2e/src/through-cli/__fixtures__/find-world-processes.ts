import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Pids of live processes (Linux `/proc`) whose working directory or command line lies under one of
 * `roots`: the CLI, the wire recorder and the agent of a world all run in its project directory.
 */
export function findWorldProcesses(roots: readonly string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (state === 'Z') continue;
      if (roots.some((root) => cwd.startsWith(root) || commandLine.includes(root))) pids.push(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pids;
}

/**
 * Waits (bounded: `attempts` × 100 ms) until no process of `roots` is left, SIGKILLs whatever
 * survived and returns the survivors' pids (a test asserts the list is empty).
 */
export async function reapWorldProcesses(
  roots: readonly string[],
  attempts = 100,
): Promise<number[]> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (findWorldProcesses(roots).length === 0) return [];
    await sleep(100);
  }
  const survivors = findWorldProcesses(roots);
  for (const pid of survivors) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return survivors;
}
