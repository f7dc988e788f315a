import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunk,
  disposeScenario,
  type Json,
  run,
  start,
  toolBlocks,
} from './__fixtures__/limits-scenario.js';

const started: number[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  await disposeScenario();
});

function isAlive(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function eventually(condition: () => boolean) {
  for (let tries = 0; tries < 1000 && !condition(); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

/** Reads `path` until it exists (the fake agent has no loop: a chain of retries on error). */
function readUntilPresent(path: string, tries: number): Json {
  return {
    type: 'client-request',
    method: 'fs/read_text_file',
    params: { path },
    ...(tries > 0 && { onError: [{ type: 'delay', ms: 50 }, readUntilPresent(path, tries - 1)] }),
  };
}

// Backgrounded, `setsid` and re-parented (a subshell that exits): their pids, then ready.txt.
const escapes = [
  'sleep 300 >/dev/null 2>&1 & a=$!',
  'setsid sleep 300 >/dev/null 2>&1 & b=$!',
  'c=$( (sleep 300 >/dev/null 2>&1 & echo $!) )',
  'echo "$a $b $c" > pids.tmp && mv pids.tmp ready.txt',
].join('; ');

describe.skipIf(process.platform !== 'linux')(
  'client files and terminals an agent cannot turn against the machine',
  () => {
    it('CF-10 CF-09 after the run no process a terminal started is alive; a read over .agentrc maxReadBytes is refused naming the limit', async () => {
      const box = start((cwd) => ({
        prompts: [
          {
            steps: [
              {
                type: 'client-request',
                method: 'terminal/create',
                params: { command: 'sh', args: ['-c', escapes] },
              },
              readUntilPresent(join(cwd, 'ready.txt'), 200),
              {
                type: 'client-request',
                method: 'fs/read_text_file',
                params: { path: join(cwd, 'big.txt') },
              },
              chunk('Done.'),
            ],
          },
        ],
      }));
      writeFileSync(join(box.cwd, '.agentrc'), JSON.stringify({ maxReadBytes: 64 }));
      writeFileSync(join(box.cwd, 'big.txt'), 'x'.repeat(65));
      const messages = await run(
        'escape',
        box.options({
          canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
        }),
      );
      const pids = readFileSync(join(box.cwd, 'ready.txt'), 'utf8').trim().split(' ').map(Number);
      started.push(...pids);
      expect(pids).toHaveLength(3);
      expect(await eventually(() => !pids.some(isAlive))).toBe(true);
      expect(toolBlocks(messages, 'tool_result')).toContainEqual(
        expect.objectContaining({
          is_error: true,
          content: expect.stringContaining('is 65 bytes, over the read limit of 64 bytes'),
        }),
      );
    }, 60_000);
  },
);
