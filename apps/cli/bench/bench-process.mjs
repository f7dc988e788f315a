// Process helpers of the benchmarks: spawn a process with piped stdio, count its stdout lines
// cheaply (no parsing, so the harness is not the bottleneck) and read its peak RSS from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Spawns `command args` and watches its stdout. `waitForLine(marker)` resolves once a line holding
 * `marker` arrived, with the number of lines received so far; `lineCount()` reads the counter.
 */
export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
  let lines = 0;
  let partial = '';
  const waiters = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lines += 1;
      if (waiters.length > 0) {
        const line = partial + text.slice(start, end);
        for (const waiter of [...waiters]) {
          if (!line.includes(waiter.marker)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(lines);
        }
      }
      partial = '';
      start = end + 1;
    }
    // Keep only what a marker check needs of an unfinished line.
    partial = waiters.length > 0 ? partial + text.slice(start) : '';
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    stderr = (stderr + text).slice(-4000);
  });
  child.stdin.on('error', () => {});
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    stderr: () => stderr,
    lineCount: () => lines,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    waitForLine(marker, limitMs = 120_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line with ${marker} within ${limitMs} ms\n${stderr}`)),
          limitMs,
        );
        const settle = (count) => {
          clearTimeout(timer);
          resolve(count);
        };
        waiters.push({ marker, resolve: settle });
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`the process exited before a line with ${marker}\n${stderr}`));
        });
      });
    },
  };
}

/** A memory figure of a live process in KiB from `/proc/<pid>/status`: `VmHWM` (peak) or `VmRSS`. */
export function memoryKibibytes(pid, field = 'VmHWM') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
