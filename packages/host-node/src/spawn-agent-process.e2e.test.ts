import type { LineTooLongError } from '@agentbridge/core';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fixturePath, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createAgentEnvironment } from './agent-environment.js';
import type { AgentProcess } from './agent-process.js';
import { spawnAgentProcess } from './spawn-agent-process.js';

const node = process.execPath;
const started: AgentProcess[] = [];

function spawnFixture(
  script: string,
  args: string[],
  extra: Partial<Parameters<typeof spawnAgentProcess>[0]> = {},
) {
  const child = spawnAgentProcess({
    command: node,
    args: [fixturePath(script), ...args],
    env: createAgentEnvironment({ parent: process.env, platform: process.platform }),
    ...extra,
  });
  started.push(child);
  return child;
}

afterEach(async () => {
  for (const child of started.splice(0)) child.kill();
});

describe('spawnAgentProcess framing (real child processes)', () => {
  it('decodes multi-byte UTF-8 written one byte at a time', async () => {
    const child = spawnFixture('line-writer.mjs', ['utf8']);
    const lines: string[] = [];
    child.onStdoutLine((line) => lines.push(line));
    const exit = await child.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { text: '日本語 🎉 ü' },
      { text: 'second ✓' },
    ]);
  });

  it('rejects a 33 MiB line with LineTooLongError while the later lines still arrive', async () => {
    const child = spawnFixture('line-writer.mjs', ['long']);
    const lines: string[] = [];
    const errors: LineTooLongError[] = [];
    child.onStdoutLine((line) => lines.push(line));
    child.onLineTooLong((error) => errors.push(error));
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
    const child = spawnFixture('line-writer.mjs', ['env'], {
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
    const lines: string[] = [];
    child.onStdoutLine((line) => lines.push(line));
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

  it('writes lines in order and delivers the last lines before the exit (X-10)', async () => {
    const child = spawnFixture('line-writer.mjs', ['echo']);
    const lines: string[] = [];
    child.onStdoutLine((line) => lines.push(line));
    const sent = Array.from({ length: 2000 }, (_, index) =>
      JSON.stringify({ index, text: `ü${index}` }),
    );
    for (const line of sent) child.writeLine(line);
    child.endInput();
    await child.exited;
    expect(lines[0]).toContain('https://example.com/login');
    expect(lines.slice(1)).toEqual(sent);
  });

  it.skipIf(process.platform !== 'linux')(
    'stops a child that ignores stdin EOF and SIGTERM, and its own child, through the process group',
    async () => {
      const child = spawnFixture('stubborn-tree.mjs', [], { stopGraceMs: 200 });
      const pids = await new Promise<{ pid: number; childPid: number }>((resolve) =>
        child.onStdoutLine((line) => resolve(JSON.parse(line))),
      );
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

  it('reports a spawn failure through spawned and exited', async () => {
    const child = spawnAgentProcess({ command: '/nonexistent/agent', args: [], env: {} });
    await expect(child.spawned).rejects.toThrow(/ENOENT/);
    const exit = await child.exited;
    expect(exit.code).toBeNull();
    expect(exit.spawnError?.message).toMatch(/ENOENT/);
  });
});
