import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, isProcessAlive } from './__fixtures__/process-helpers.js';
import { createHookCommands } from './hook-commands.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-hooks-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const inbox = { onMcpMessage: () => {} };
const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });

function hooks() {
  return createHookCommands({ env: { PATH: process.env.PATH ?? '', FROM_AGENT: 'agent-env' } });
}

const run = (command: string, timeoutMs = 60_000, env: Record<string, string> = {}) =>
  hooks()['hook/run-command']({ command, input, cwd: root, timeoutMs, env }, inbox);

describe('command hooks on the host (real processes)', () => {
  it('HK-30 runs the command through the shell in the cwd with the input on stdin, the agent env and CLAUDE_PROJECT_DIR', async () => {
    const result = await run(
      'cat > input.json; printf "%s|%s|%s" "$PWD" "$FROM_AGENT" "$CLAUDE_PROJECT_DIR"; echo oops >&2; exit 2',
      60_000,
      { CLAUDE_PROJECT_DIR: root },
    );
    expect(result).toEqual({
      exitCode: 2,
      stdout: `${root}|agent-env|${root}`,
      stderr: 'oops\n',
      timedOut: false,
    });
    expect(JSON.parse(readFileSync(join(root, 'input.json'), 'utf8'))).toEqual(JSON.parse(input));
  });

  it('HK-30 a command that ignores its input and prints JSON exits 0', async () => {
    const output =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}';
    await expect(run(`echo '${output}'`)).resolves.toEqual({
      exitCode: 0,
      stdout: `${output}\n`,
      stderr: '',
      timedOut: false,
    });
  });

  it('HK-30 at its timeout the whole process group is killed and the run ends timedOut', async () => {
    const pidFile = join(root, 'child.pid');
    const result = await run(`sleep 300 & echo $! > ${pidFile}; wait`, 500);
    expect(result).toMatchObject({ exitCode: null, timedOut: true });
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => !isProcessAlive(child))).toBe(true);
  });

  it('HK-30 keeps 1 MiB of each stream and drops the rest', async () => {
    const result = await run(
      `node -e "process.stdout.write('x'.repeat(3 * 1024 * 1024)); process.stderr.write('e'.repeat(2 * 1024 * 1024))"`,
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(1024 * 1024);
    expect(result.stderr.length).toBe(1024 * 1024);
  });

  it('HK-30 a failed start is a rejected operation; close waits for running hooks', async () => {
    const host = hooks();
    const missing = join(root, 'missing');
    await expect(
      host['hook/run-command'](
        { command: 'true', input, cwd: missing, timeoutMs: 1000, env: {} },
        inbox,
      ),
    ).rejects.toThrow();
    const marker = join(root, 'done');
    const running = host['hook/run-command'](
      { command: `sleep 0.2; touch ${marker}`, input, cwd: root, timeoutMs: 60_000, env: {} },
      inbox,
    );
    await host.close();
    expect(readFileSync(marker, 'utf8')).toBe('');
    await expect(running).resolves.toMatchObject({ exitCode: 0 });
  });
});
