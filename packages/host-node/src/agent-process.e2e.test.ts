import type { LineTooLongError } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createAgentEnvironment } from './agent-environment.js';
import { type ProcessOptions, spawnAgentProcess } from './agent-process.js';
import { createProcessTreeSignaller } from './process-group.js';

const started: number[] = [];
const killTree = createProcessTreeSignaller();

/** Spawns a fixture script with Node; its stdout and stderr lines and over-long lines are collected. */
function spawnFixture(script: string, args: string[], extra: Partial<ProcessOptions> = {}) {
  const lines: string[] = [];
  const stderrLines: string[] = [];
  const errors: LineTooLongError[] = [];
  const child = spawnAgentProcess({
    command: process.execPath,
    args: [fixturePath(script), ...args],
    env: createAgentEnvironment({ parent: process.env, platform: process.platform }),
    ...extra,
  });
  child.listen({
    onStderrLine: (line) => stderrLines.push(line),
    onLineTooLong: (error) => errors.push(error),
  });
  child.setStdoutListener((line) => lines.push(line));
  child.resumeOutput();
  void child.spawned.then((error) => {
    if (!error) started.push(child.pid as number);
  });
  return { child, lines, stderrLines, errors };
}

afterEach(() => {
  for (const pid of started.splice(0)) killTree(pid, 'SIGKILL');
});

describe('spawnAgentProcess framing (real child processes)', () => {
  it('decodes multi-byte UTF-8 written one byte at a time', async () => {
    const { child, lines } = spawnFixture('line-writer.mjs', ['utf8']);
    const exit = await child.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { text: '日本語 🎉 ü' },
      { text: 'second ✓' },
    ]);
  });

  it('rejects a 33 MiB line with LineTooLongError while the later lines still arrive', async () => {
    const { child, lines, errors } = spawnFixture('line-writer.mjs', ['long']);
    await child.exited;
    expect(lines).toEqual([
      '{"n":1}',
      '{"n":2}',
      'Please visit https://example.com/device?code=ABCD to sign in',
      '{"n":3}',
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('line-too-long');
    expect(errors[0]?.limitBytes).toBe(32 * 1024 * 1024);
    expect(errors[0]?.message).toContain('agent stdout');
  });

  it('X-03 scrubs Claude client variables and adds defaults and overrides', async () => {
    const { child, lines } = spawnFixture('line-writer.mjs', ['env'], {
      env: createAgentEnvironment({
        parent: {
          ...process.env,
          CLAUDECODE: '1',
          CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
          CLAUDE_AGENT_SDK_VERSION: '0.3.332',
          CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
          KEEP_ME: 'kept',
        },
        platform: process.platform,
        defaults: { AGENTBRIDGE_TEST_DEFAULT: 'default', KEEP_ME: 'ignored' },
        overrides: { AGENTBRIDGE_TEST_OVERRIDE: 'override' },
      }),
    });
    await child.exited;
    const environment = JSON.parse(lines[0] ?? '{}') as Record<string, string>;
    expect(environment).not.toHaveProperty('CLAUDECODE');
    expect(environment).not.toHaveProperty('CLAUDE_CODE_ENTRYPOINT');
    expect(environment).not.toHaveProperty('CLAUDE_AGENT_SDK_VERSION');
    expect(environment).not.toHaveProperty('CLAUDE_CODE_SDK_READS_SESSION_STATE');
    expect(environment).toMatchObject({
      KEEP_ME: 'kept',
      AGENTBRIDGE_TEST_DEFAULT: 'default',
      AGENTBRIDGE_TEST_OVERRIDE: 'override',
    });
  });

  it('X-03 passes arguments verbatim, without a shell, and runs the child in its own process group', async () => {
    const shellSyntax = ['$(echo hacked)', '`id`', 'a & b | c; d', '"quoted" \'single\'', '%PATH%'];
    const { child, lines } = spawnFixture('line-writer.mjs', ['argv', ...shellSyntax]);
    await child.exited;
    const reported = JSON.parse(lines[0] ?? '{}') as { argv: string[]; pid: number; pgid?: number };
    expect(reported.argv).toEqual(shellSyntax);
    if (process.platform === 'linux') expect(reported.pgid).toBe(reported.pid);
  });

  it('writes lines in order and delivers the last lines before the exit (X-10)', async () => {
    const { child, lines } = spawnFixture('line-writer.mjs', ['echo']);
    const sent = Array.from({ length: 2000 }, (_, index) =>
      JSON.stringify({ index, text: `ü${index}` }),
    );
    for (const line of sent) child.writeLine(line);
    child.endInput();
    await child.exited;
    expect(lines[0]).toContain('https://example.com/login');
    expect(lines.slice(1)).toEqual(sent);
  });

  it('X-12 a failed stdin write is logged, and later writes report a closed input', async () => {
    const logger = createMemoryLogger();
    const { child, stderrLines } = spawnFixture('line-writer.mjs', ['close-stdin'], { logger });
    await eventually(() => stderrLines.includes('stdin closed by the child'));
    // The child closed its end: the first write fails asynchronously with EPIPE.
    child.writeLine(JSON.stringify({ lost: 1 }));
    expect(
      await eventually(() =>
        logger.entries.some((entry) => entry.message === 'agent stdin write failed'),
      ),
    ).toBe(true);
    expect(child.writeLine(JSON.stringify({ lost: 2 }))).toBe(false);
    await child.stop();
  });

  it.skipIf(process.platform !== 'linux')(
    'X-07 stops a child that ignores stdin EOF and SIGTERM, and its own child, through the process group',
    async () => {
      const { child, lines } = spawnFixture('stubborn-tree.mjs', [], { stopGraceMs: 200 });
      await eventually(() => lines.length === 1);
      const pids = JSON.parse(lines[0] ?? '{}') as { pid: number; childPid: number };
      expect(pids.pid).toBe(child.pid);
      expect(isProcessAlive(pids.pid)).toBe(true);
      expect(isProcessAlive(pids.childPid)).toBe(true);
      const exit = await child.stop();
      expect(exit.signal).toBe('SIGKILL');
      expect(
        await eventually(() => !isProcessAlive(pids.pid) && !isProcessAlive(pids.childPid)),
      ).toBe(true);
      expect(child.stderrTail).toContain('stdin closed, staying alive');
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'X-19 a daemon the agent started in its own session dies when the agent is stopped',
    async () => {
      const { child, lines } = spawnFixture('detaching-agent.mjs', []);
      await eventually(() => lines.length === 1);
      const { daemonPid } = JSON.parse(lines[0] ?? '{}') as { daemonPid: number };
      started.push(daemonPid);
      expect(isProcessAlive(daemonPid)).toBe(true);
      const exit = await child.stop();
      // The agent left on stdin EOF, before any signal; its daemon did not, until reaped.
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(isProcessAlive(daemonPid)).toBe(false);
    },
  );

  it('reports a spawn failure through spawned and exited', async () => {
    const child = spawnAgentProcess({
      command: '/nonexistent/agent',
      args: [],
      env: {},
    });
    expect((await child.spawned)?.message).toMatch(/ENOENT/);
    const exit = await child.exited;
    expect(exit.code).toBeNull();
    expect(exit.spawnError?.message).toMatch(/ENOENT/);
  });
});
