import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createClientTerminals } from './client-terminals.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-terminals-'));
  mkdirSync(join(root, 'project'));
});
/** Processes a test started through a terminal: killed after it, whatever it asserted. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  rmSync(root, { recursive: true, force: true });
});

const session = { sessionId: 's' };
const inbox = { onMcpMessage: () => {} };
const node = process.execPath;

function terminals() {
  return createClientTerminals({
    roots: [join(root, 'project')],
    env: { ...process.env, GREETING: 'base' },
  });
}

describe('client terminals on the host (real processes)', () => {
  it('CF-06 runs the command without a shell in the session directory, with added variables; output and exit status', async () => {
    const host = terminals();
    const script =
      "process.stdout.write([process.cwd(), process.env.GREETING, process.env.EXTRA, process.argv[1]].join('|')); process.exit(3)";
    const { terminalId } = await host['terminal/create'](
      {
        ...session,
        command: node,
        args: ['-e', script, '$(touch pwned) ; echo'],
        env: [{ name: 'EXTRA', value: 'added' }],
      },
      inbox,
    );
    await expect(
      host['terminal/wait_for_exit']({ ...session, terminalId }, inbox),
    ).resolves.toEqual({
      exitCode: 3,
      signal: null,
    });
    const output = await host['terminal/output']({ ...session, terminalId }, inbox);
    expect(output).toEqual({
      output: `${join(root, 'project')}|base|added|$(touch pwned) ; echo`,
      truncated: false,
      exitStatus: { exitCode: 3, signal: null },
    });
    await host['terminal/release']({ ...session, terminalId }, inbox);
    await expect(host['terminal/output']({ ...session, terminalId }, inbox)).rejects.toThrow(
      /No terminal/,
    );
  });

  it('CF-06 keeps only the last outputByteLimit bytes, cut at a character boundary', async () => {
    const host = terminals();
    const { terminalId } = await host['terminal/create'](
      {
        ...session,
        command: node,
        args: ['-e', "process.stdout.write('a'.repeat(50) + 'é'.repeat(10))"],
        outputByteLimit: 15,
      },
      inbox,
    );
    await host['terminal/wait_for_exit']({ ...session, terminalId }, inbox);
    const { output, truncated } = await host['terminal/output']({ ...session, terminalId }, inbox);
    expect(truncated).toBe(true);
    expect(output).toBe('é'.repeat(7));
  });

  it('CF-06 a working directory outside the session is refused; a missing program fails to create', async () => {
    const host = terminals();
    await expect(
      host['terminal/create']({ ...session, command: node, cwd: root }, inbox),
    ).rejects.toThrow(/outside/);
    await expect(
      host['terminal/create']({ ...session, command: join(root, 'none'), args: ['x'] }, inbox),
    ).rejects.toThrow(/ENOENT/);
  });

  it('CF-06 kill stops a command; a terminal that outlives its session is killed by close()', async () => {
    const host = terminals();
    const sleeper = ['-e', 'setInterval(() => {}, 1000)'];
    const killed = await host['terminal/create'](
      { ...session, command: node, args: sleeper },
      inbox,
    );
    await host['terminal/kill']({ ...session, terminalId: killed.terminalId }, inbox);
    expect(
      await host['terminal/wait_for_exit']({ ...session, terminalId: killed.terminalId }, inbox),
    ).toMatchObject({
      signal: 'SIGKILL',
    });
    const left = await host['terminal/create'](
      {
        ...session,
        command: node,
        args: ['-e', 'console.log(process.pid); setInterval(() => {}, 1000)'],
      },
      inbox,
    );
    let pid = 0;
    const read = async () => {
      const { output } = await host['terminal/output'](
        { ...session, terminalId: left.terminalId },
        inbox,
      );
      pid = Number.parseInt(output, 10) || 0;
    };
    while (pid === 0) await read().then(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(isProcessAlive(pid)).toBe(true);
    await host.close();
    expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
  });

  // Backgrounded, `setsid` and re-parented (a subshell that exits): each prints its pid.
  const escapes = [
    'sleep 300 >/dev/null 2>&1 & echo $!',
    'setsid sleep 300 >/dev/null 2>&1 & echo $!',
    '( sleep 300 >/dev/null 2>&1 & echo $! )',
  ].join('; ');

  /** Runs the escapes to the leader's exit; returns the pids left running. */
  async function escaped(host: ReturnType<typeof terminals>) {
    const { terminalId } = await host['terminal/create'](
      { ...session, command: 'sh', args: ['-c', escapes] },
      inbox,
    );
    await host['terminal/wait_for_exit']({ ...session, terminalId }, inbox);
    const { output } = await host['terminal/output']({ ...session, terminalId }, inbox);
    const pids = output.trim().split('\n').map(Number);
    started.push(...pids);
    expect(pids).toHaveLength(3);
    expect(pids.every(isProcessAlive)).toBe(true);
    return { terminalId, pids };
  }

  it.skipIf(process.platform !== 'linux')(
    'CF-10 kill and release stop backgrounded, setsid and re-parented processes after the leader exited',
    async () => {
      const host = terminals();
      const { terminalId, pids } = await escaped(host);
      const other = await escaped(host);
      await host['terminal/kill']({ ...session, terminalId }, inbox);
      expect(await eventually(() => !pids.some(isProcessAlive))).toBe(true);
      // Another terminal's processes are not touched by this one's kill.
      expect(other.pids.every(isProcessAlive)).toBe(true);
      await host['terminal/release']({ ...session, terminalId: other.terminalId }, inbox);
      expect(await eventually(() => !other.pids.some(isProcessAlive))).toBe(true);
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'CF-10 the session end stops every process its terminals started, their leaders long exited',
    async () => {
      const host = terminals();
      const kept = await escaped(host);
      const other = await escaped(host);
      await host.close();
      const all = [...kept.pids, ...other.pids];
      expect(await eventually(() => !all.some(isProcessAlive))).toBe(true);
    },
  );

  it('CF-09 an outputByteLimit above the host maximum is capped', async () => {
    const host = createClientTerminals({
      roots: [join(root, 'project')],
      env: process.env,
      maxOutputBytes: 4,
    });
    const { terminalId } = await host['terminal/create'](
      {
        ...session,
        command: node,
        args: ['-e', "process.stdout.write('abcdefgh')"],
        outputByteLimit: 1_000_000_000,
      },
      inbox,
    );
    await host['terminal/wait_for_exit']({ ...session, terminalId }, inbox);
    expect(await host['terminal/output']({ ...session, terminalId }, inbox)).toMatchObject({
      output: 'efgh',
      truncated: true,
    });
  });
});
