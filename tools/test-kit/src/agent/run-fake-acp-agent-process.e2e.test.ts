// Spawns bin/fake-acp-agent.mjs, which loads the built dist: build the test kit first
// (`pnpm build`; the root `pnpm test` does it).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAcpAgentBinPath, scenarioPath } from '../paths/test-kit-paths.js';
import { readTranscript } from '../transcript/json-lines.js';

const agentBin = fakeAcpAgentBinPath;
const demoScenario = scenarioPath('demo');

type Spawned = {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stdoutLines: string[];
  /** Resolves with the first stdout line matching, or the first stderr text matching. */
  waitForStdout(pattern: RegExp): Promise<string>;
  waitForStderr(pattern: RegExp): Promise<string>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const started: Spawned[] = [];
const temporaryDirectories: string[] = [];

afterEach(() => {
  for (const spawned of started.splice(0)) {
    if (spawned.child.exitCode === null && spawned.child.signalCode === null)
      spawned.child.kill('SIGKILL');
  }
  for (const directory of temporaryDirectories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function spawnAgent(args: readonly string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, [agentBin, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The SDK cancels the web reader of stdout on close, which destroys the stream with an error.
  child.stdout.on('error', () => {});
  const stdoutLines: string[] = [];
  let stderr = '';
  const waiters: Array<() => void> = [];
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  createInterface({ input: child.stdout })
    .on('line', (line) => {
      stdoutLines.push(line);
      notify();
    })
    .on('error', () => {});
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    notify();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      notify();
      resolve({ code, signal });
    }),
  );
  const waitFor = (read: () => string | undefined): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = read();
        if (found !== undefined) resolve(found);
        else if (child.exitCode !== null || child.signalCode !== null)
          reject(new Error(`agent exited; stderr: ${stderr}`));
        else waiters.push(check);
      };
      check();
    });
  const spawned: Spawned = {
    child,
    stdoutLines,
    waitForStdout: (pattern) => waitFor(() => stdoutLines.find((line) => pattern.test(line))),
    waitForStderr: (pattern) => waitFor(() => (pattern.test(stderr) ? stderr : undefined)),
    exited,
  };
  started.push(spawned);
  return spawned;
}

const send = (spawned: Spawned, message: unknown) =>
  spawned.child.stdin.write(`${JSON.stringify(message)}\n`);
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: 1, clientCapabilities: {} },
};

describe('bin/fake-acp-agent.mjs (real child process)', () => {
  it('plays demo.json for an SDK client over stdio and records both directions', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'fake-acp-agent-'));
    temporaryDirectories.push(directory);
    const recordFile = join(directory, 'record.jsonl');
    const spawned = spawnAgent(['--scenario', demoScenario, '--record', recordFile]);
    const updates: string[] = [];
    const client = acp
      .client({ name: 'e2e' })
      .onNotification('session/update', ({ params }) => {
        updates.push(params.update.sessionUpdate);
      })
      .onRequest('session/request_permission', () => ({
        outcome: { outcome: 'selected', optionId: 'allow' },
      }));
    const stream = acp.ndJsonStream(
      Writable.toWeb(spawned.child.stdin),
      Readable.toWeb(spawned.child.stdout) as ReadableStream<Uint8Array>,
    );
    const stopReason = await client.connectWith(stream, async (agent) => {
      await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await agent.request('session/new', {
        cwd: '/workspace',
        mcpServers: [],
      });
      const result = await agent.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'greet' }],
      });
      return result.stopReason;
    });
    spawned.child.stdin.end();
    expect(await spawned.exited).toEqual({ code: 0, signal: null });
    expect(stopReason).toBe('end_turn');
    expect(updates.filter((kind) => kind !== 'available_commands_update')).toEqual([
      'agent_thought_chunk',
      'agent_thought_chunk',
      'agent_message_chunk',
      'agent_message_chunk',
      'tool_call',
      'tool_call_update',
      'tool_call_update',
      'agent_message_chunk',
      'usage_update',
    ]);
    const record = readTranscript(recordFile);
    const received = record.filter((entry) => entry.direction === 'bridge->agent');
    expect(
      received.map((entry) =>
        'message' in entry ? ((entry.message as { method?: string }).method ?? 'response') : 'raw',
      ),
    ).toEqual(['initialize', 'session/new', 'session/prompt', 'response']);
    expect(received[3]).toMatchObject({
      message: { result: { outcome: { outcome: 'selected', optionId: 'allow' } } },
    });
    expect(record.some((entry) => entry.direction === 'agent->bridge')).toBe(true);
  });

  it('reads the scenario from FAKE_ACP_SCENARIO, writes raw stdout lines and exits with the scripted code', async () => {
    const scenario = {
      initialize: {
        steps: [{ type: 'stdout', line: 'Open https://example.test/device to sign in' }],
      },
      prompts: [
        {
          steps: [
            { type: 'stderr', text: 'fatal: quota' },
            { type: 'exit', code: 7 },
          ],
        },
      ],
    };
    const spawned = spawnAgent([], { FAKE_ACP_SCENARIO: JSON.stringify(scenario) });
    send(spawned, initialize);
    await spawned.waitForStdout(/"id":1/);
    send(spawned, {
      jsonrpc: '2.0',
      id: 2,
      method: 'session/new',
      params: { cwd: '/w', mcpServers: [] },
    });
    const sessionLine = await spawned.waitForStdout(/"id":2/);
    const sessionId = JSON.parse(sessionLine).result.sessionId as string;
    send(spawned, {
      jsonrpc: '2.0',
      id: 3,
      method: 'session/prompt',
      params: { sessionId, prompt: [{ type: 'text', text: 'x' }] },
    });
    expect(await spawned.exited).toEqual({ code: 7, signal: null });
    expect(spawned.stdoutLines[0]).toBe('Open https://example.test/device to sign in');
    expect(spawned.stdoutLines.some((line) => line.includes('"id":3'))).toBe(false);
    await expect(spawned.waitForStderr(/fatal: quota/)).resolves.toContain('fatal: quota');
  });

  it('kills itself with the signal of an exit step', async () => {
    const scenario = { initialize: { steps: [{ type: 'exit', signal: 'SIGKILL' }] } };
    const spawned = spawnAgent(['--scenario', JSON.stringify(scenario)]);
    send(spawned, initialize);
    expect(await spawned.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(spawned.stdoutLines).toEqual([]);
  });

  it('exits with exitCodeOnEof when stdin closes', async () => {
    const spawned = spawnAgent(['--scenario', JSON.stringify({ process: { exitCodeOnEof: 5 } })]);
    spawned.child.stdin.end();
    expect(await spawned.exited).toEqual({ code: 5, signal: null });
  });

  it('keeps running after stdin EOF and ignores SIGTERM when told to (only SIGKILL stops it)', async () => {
    const scenario = { process: { ignoreStdinEof: true, ignoreSigterm: true } };
    const spawned = spawnAgent(['--scenario', JSON.stringify(scenario)]);
    send(spawned, initialize);
    await spawned.waitForStdout(/"id":1/);
    spawned.child.stdin.end();
    await spawned.waitForStderr(/stdin closed, still running/);
    spawned.child.kill('SIGTERM');
    await spawned.waitForStderr(/ignoring SIGTERM/);
    expect(spawned.child.exitCode).toBeNull();
    spawned.child.kill('SIGKILL');
    expect(await spawned.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('spawns a child process and reports its pid on stderr', async () => {
    const spawned = spawnAgent(['--scenario', JSON.stringify({ process: { spawnChild: true } })]);
    const stderr = await spawned.waitForStderr(/child-pid=\d+/);
    const childPid = Number(/child-pid=(\d+)/.exec(stderr)?.[1]);
    expect(() => process.kill(childPid, 0)).not.toThrow();
    process.kill(childPid, 'SIGKILL');
  });

  it('exits with code 2 and names the problem for a bad scenario', async () => {
    const spawned = spawnAgent(['--scenario', '{"prompts":[{"steps":[{"type":"update"}]}]}']);
    expect(await spawned.exited).toEqual({ code: 2, signal: null });
    const stderr = await spawned.waitForStderr(/Invalid/).catch((error: Error) => error.message);
    expect(stderr).toContain('prompts.0.steps.0.update');
  });
});
