import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Pids (Linux `/proc`) of live processes whose working directory or command line mentions `root`. */
export function findProcessesUnder(root: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        if (!isProcessAlive(Number(name))) return false;
        const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        return commandLine.includes(root) || readlinkSync(`/proc/${name}/cwd`).startsWith(root);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** True while `/proc/<pid>` shows a process that is not a zombie (Linux). */
export function isProcessAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds or `limitMs` passes; returns its last value. Asserts no timing. */
export async function eventually(condition: () => boolean, limitMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
