import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a fixture script next to this file. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

/** True while `/proc/<pid>` shows a process that is not a zombie (Linux). */
export function isProcessAlive(pid: number): boolean {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  return state !== 'Z' && state !== 'X';
}

/** Polls `condition` until it holds or `limitMs` passes; returns its last value. No timing is asserted. */
export async function eventually(condition: () => boolean, limitMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Resolves with the first line `take` accepts. */
export function nextLine(
  subscribe: (listener: (line: string) => void) => void,
  take: (line: string) => boolean,
): Promise<string> {
  return new Promise((resolve) => {
    subscribe((line) => {
      if (take(line)) resolve(line);
    });
  });
}
