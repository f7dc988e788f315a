import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sdkArgs, spawnCli } from '../__fixtures__/run-cli.js';
import {
  childProcessesOf,
  isProcessGone,
  pollFor,
  signalIfAlive,
} from './__fixtures__/process-table.js';

const floodingClaude = fileURLToPath(
  new URL('./__fixtures__/flooding-claude.mjs', import.meta.url),
);

describe.skipIf(process.platform !== 'linux')('a client that never reads stdout', () => {
  const startedPids: number[] = [];
  const directories: string[] = [];
  afterEach(() => {
    for (const pid of startedPids.splice(0)) signalIfAlive(pid, 'SIGKILL');
    for (const directory of directories.splice(0))
      rmSync(directory, { recursive: true, force: true });
  });

  it('SIGTERM stops the agent tree and exits 143 although stdout cannot flush', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agentbridge-unread-'));
    directories.push(root);
    // stdout is a pipe nobody reads: it fills up and stays full.
    const child = spawnCli(
      [
        '--backend',
        'claude',
        '--agent-command',
        process.execPath,
        '--agent-arg',
        floodingClaude,
        ...sdkArgs,
      ],
      { cwd: root },
    );
    const cliPid = child.pid as number;
    startedPids.push(cliPid);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const agent = await pollFor(() => childProcessesOf(cliPid)[0]);
    expect(agent).toBeDefined();
    const agentPid = agent?.pid as number;
    startedPids.push(agentPid);
    expect(await pollFor(() => (stderr.includes('done writing') ? true : undefined))).toBe(true);

    child.kill('SIGTERM');
    const exit = await exited;

    expect(exit).toEqual({ code: 143, signal: null });
    expect(isProcessGone(agentPid)).toBe(true);
  });
});
