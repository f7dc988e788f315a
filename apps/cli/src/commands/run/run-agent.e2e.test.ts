import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTranscript, scenarioPath } from '@agentbridge/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeAgentArgs,
  initializeLine as initialize,
  jsonLines as lines,
  runCli,
  sdkArgs,
  userLine as user,
} from '../../__fixtures__/run-cli.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-run-agent-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Runs the CLI with `stdin` as its whole input; the environment is only what is given. */
const run = (args: readonly string[], stdin: string, env: Record<string, string> = {}) =>
  runCli(args, { cwd: directory, stdin, env });

const fakeAgent = (record: string) => fakeAgentArgs(scenarioPath('basic'), record);

describe('runAgent (real CLI, fake agents)', () => {
  it('X-03: the claude pass-through keeps the Claude client variables the SDK set (claude reads them)', async () => {
    const fakeClaude = join(directory, 'fake-claude.mjs');
    writeFileSync(
      fakeClaude,
      `#!${process.execPath}
const keys = ['CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_AGENT_SDK_VERSION'];
console.log(JSON.stringify(Object.fromEntries(keys.map((key) => [key, process.env[key] ?? null]))));
`,
      { mode: 0o755 },
    );
    const result = await run(
      ['--backend', 'claude', '--agent-command', fakeClaude, ...sdkArgs],
      '',
      {
        CLAUDECODE: '1',
        CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
        CLAUDE_AGENT_SDK_VERSION: '0.3.332',
      },
    );
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      { CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts', CLAUDE_AGENT_SDK_VERSION: '0.3.332' },
    ]);
  });

  it('--session-id: the ACP agent keeps its own session id, the run succeeds and stderr says so once', async () => {
    const wanted = '7d1c0a52-3c5e-4f0e-9a8b-2b6f4c1d9e70';
    const record = join(directory, 'agent.jsonl');
    const result = await run(
      [...sdkArgs, '--session-id', wanted, ...fakeAgent(record)],
      `${user('one')}\n`,
    );
    expect(result.code).toBe(0);
    const results = lines(result.stdout).filter((line) => line.type === 'result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ subtype: 'success', is_error: false });
    const agentSessionId = String(results[0]?.session_id);
    expect(agentSessionId).not.toBe(wanted);
    const notes = result.stderr.split('\n').filter((line) => line.includes('--session-id'));
    expect(notes).toEqual([
      `agentbridge: warning: --session-id ${wanted} was not applied: Custom ACP agent chose the session id ${agentSessionId}`,
    ]);
  });

  it('PR-01 H-11: input that ends during the handshake is no agent failure: initialize is answered, nothing errors, exit 0', async () => {
    const record = join(directory, 'agent.jsonl');
    const empty = await run([...sdkArgs, ...fakeAgent(record)], '');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).not.toContain('handshake');

    const initializeOnly = await run([...sdkArgs, ...fakeAgent(record)], `${initialize()}\n`);
    expect(initializeOnly.code).toBe(0);
    expect(lines(initializeOnly.stdout).map((line) => [line.type, line.subtype])).toEqual([
      ['control_response', undefined],
      ['system', 'init'],
    ]);
    expect(lines(initializeOnly.stdout)[0]).toMatchObject({ response: { subtype: 'success' } });
    expect(initializeOnly.stderr).not.toContain('handshake');
  });

  it('S-02 --await-initialize: a user line sent first waits; the initialize servers reach session/new and are confirmed', async () => {
    const record = join(directory, 'agent.jsonl');
    const result = await run(
      [...sdkArgs, '--await-initialize', ...fakeAgent(record)],
      `${user('hello')}\n${initialize({ mcpServers: { files: { command: 'mcp-fs', args: ['--root', '/srv'] } } })}\n`,
    );
    expect(result.code).toBe(0);
    const output = lines(result.stdout);
    const answer = output.find((line) => line.type === 'control_response') as
      | { response: { subtype: string; response: Record<string, unknown> } }
      | undefined;
    expect(answer?.response).toMatchObject({
      subtype: 'success',
      response: { mcp_servers_applied: true },
    });
    expect(output.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    const sessionNew = readTranscript(record).find(
      (entry) =>
        entry.direction === 'bridge->agent' &&
        'message' in entry &&
        (entry.message as { method?: string }).method === 'session/new',
    ) as { message: { params: { mcpServers: unknown } } } | undefined;
    expect(sessionNew?.message.params.mcpServers).toEqual([
      { name: 'files', command: 'mcp-fs', args: ['--root', '/srv'], env: [] },
    ]);
  });
});
