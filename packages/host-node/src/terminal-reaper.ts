import { readdirSync, readFileSync } from 'node:fs';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';

/** CF-10: the variable every process a terminal starts carries (its value names the terminal). */
export const terminalMarkerName = 'AGENTBRIDGE_TERMINAL';

/** the variable the agent and every process it starts carry (its value names the agent). */
export const agentMarkerName = 'AGENTBRIDGE_AGENT';

/**
 * CF-10: the processes (never this one) whose environment holds `name=value` for one of `values`:
 * `/proc/<pid>/environ` on Linux, this user's processes only. Other platforms cannot read another
 * process's environment here: none (the process group stands alone, see the host-node README).
 */
function markedProcesses(name: string, values: ReadonlySet<string>): number[] {
  if (process.platform !== 'linux' || values.size === 0) return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const prefix = `${name}=`;
  return pids.map(Number).filter((pid) => {
    if (pid === process.pid) return false;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      return false; // gone, or another user's
    }
    return environ
      .split('\0')
      .some((entry) => entry.startsWith(prefix) && values.has(entry.slice(prefix.length)));
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * CF-10, X-19: kills every process whose `name` (default: the terminal marker) holds one of
 * `values` (those that left the group with `setsid`, were re-parented or backgrounded), round
 * after round until none is found: SIGKILL, or with `termRounds` first SIGTERM for that many
 * rounds (a daemon may clean up). One still found after 25 rounds (~0.5 s) is logged.
 */
export async function killMarkedProcesses(
  values: ReadonlySet<string>,
  logger: Logger = noopLogger,
  { name = terminalMarkerName, termRounds = 0 } = {},
): Promise<void> {
  for (let round = 0; round < 25 + termRounds; round += 1) {
    const pids = markedProcesses(name, values);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, round < termRounds ? 'SIGTERM' : 'SIGKILL');
      } catch {}
    }
    await pause();
  }
  const survivors = markedProcesses(name, values);
  if (survivors.length > 0)
    logger.warn('processes survived the session', { name, pids: survivors });
}
