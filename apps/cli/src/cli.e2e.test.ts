import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeAcpAgentBinPath, scenarioPath } from '@agentbridge/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeAgentArgs,
  initializeLine,
  jsonLines as lines,
  runCli,
  sdkArgs,
  spawnCli,
  userLine as user,
} from './__fixtures__/run-cli.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-cli-e2e-'));
  writeFileSync(join(directory, 'package.json'), '{"name":"e2e-project"}');
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const run = (args: readonly string[], options: { stdin?: string } = {}) =>
  runCli(args, { ...options, cwd: directory });
const initialize = initializeLine();

const fakeAgent = fakeAgentArgs;

describe('agentbridge CLI (real processes, fake ACP agent)', () => {
  it('-p prints the final text (stream-json.md §7)', async () => {
    const result = await run([...fakeAgent(scenarioPath('basic')), '-p', 'say hi']);
    expect(result).toMatchObject({ code: 0, stdout: 'Hello from the fake agent.\n' });
  });

  it('-p --output-format json prints one result line; the prompt may come from stdin', async () => {
    const result = await run(
      [...fakeAgent(scenarioPath('basic')), '-p', '--output-format', 'json'],
      {
        stdin: 'say hi\n',
      },
    );
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      expect.objectContaining({
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: 'Hello from the fake agent.',
      }),
    ]);
  });

  it('stream-json mode relays the protocol in order and keeps stdout protocol-only', async () => {
    const result = await run(
      [...sdkArgs, ...fakeAgent(scenarioPath('basic')), '--max-turns=3', '--brand-new-flag'],
      {
        stdin: `${initialize}\n${user('hi')}\n`,
      },
    );
    expect(result.code).toBe(0);
    // Every stdout line is JSON (lines() parses each); the bridge's exact sequence is its own test.
    const types = lines(result.stdout).map((message) => `${message.type}/${message.subtype ?? ''}`);
    expect(types[0]).toBe('control_response/');
    expect(types.at(-1)).toBe('result/success');
    expect(types.indexOf('system/init')).toBeLessThan(types.indexOf('assistant/'));
    expect(result.stderr).toContain(
      "agentbridge: warning: unknown option '--brand-new-flag' ignored",
    );
    expect(result.stderr).toContain(
      'agentbridge: note: --max-turns cannot be honoured by an ACP agent',
    );
  });

  it('--continue reopens the last session of this cwd and backend', async () => {
    const scenario = JSON.stringify({
      initialize: { agentCapabilities: { loadSession: true } },
      sessionNew: { sessionId: 'session-from-first-run' },
      sessionLoad: {},
      defaultPrompt: {
        steps: [
          {
            type: 'update',
            update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } },
          },
        ],
      },
    });
    const first = await run([...fakeAgent(scenario), '-p', 'one']);
    expect(first).toMatchObject({ code: 0, stdout: 'ok\n' });

    const record = join(directory, 'second.jsonl');
    const second = await run([
      ...fakeAgent(scenario, record),
      '-p',
      'two',
      '--continue',
      '--output-format',
      'json',
    ]);
    expect(second.code).toBe(0);
    const sent = readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            direction: string;
            message: { method?: string; params?: { sessionId?: string } };
          },
      )
      .filter(
        (entry) =>
          entry.direction === 'bridge->agent' && entry.message.method?.startsWith('session/'),
      );
    expect(sent[0]?.message).toMatchObject({
      method: 'session/load',
      params: { sessionId: 'session-from-first-run' },
    });
  });

  it('an agent crash ends with exit code 1 and its stderr tail', async () => {
    const scenario = JSON.stringify({
      defaultPrompt: {
        steps: [
          { type: 'stderr', text: 'fake agent: simulated fatal error\n' },
          { type: 'exit', code: 3 },
        ],
      },
    });
    const result = await run([...sdkArgs, ...fakeAgent(scenario)], {
      stdin: `${initialize}\n${user('hi')}\n`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fake agent: simulated fatal error');
    const messages = lines(result.stdout);
    expect(messages.at(-1)).toMatchObject({ type: 'result', is_error: true });
  });

  it.each([
    [
      ['-p', 'x', '--output-format', 'stream-json'],
      1,
      'Error: When using --print, --output-format=stream-json requires --verbose\n',
    ],
    [
      ['--input-format', 'stream-json', '--output-format', 'text'],
      1,
      'Error: --input-format=stream-json requires output-format=stream-json.\n',
    ],
  ])('usage error %j exits %i like claude', async (args, code, stderr) => {
    const result = await run(args);
    expect(result).toEqual({ code, stdout: '', stderr });
  });

  it('configuration errors exit 2 with the file, key and fix', async () => {
    writeFileSync(join(directory, '.agentrc.json'), '{"backend":"gemini","comand":"x"}');
    const result = await run(['-p', 'hi']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`agentbridge: Invalid ${join(directory, '.agentrc.json')}:`);
    expect(result.stderr).toContain('comand: unknown key: did you mean "command"?');
  });

  it('a missing backend command exits 2 and lists what was searched', async () => {
    const result = await run([
      '--backend',
      'acp',
      '--agent-command',
      'surely-not-installed-agent',
      '-p',
      'hi',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Command 'surely-not-installed-agent' not found. Searched:");
  });

  it('--version, --help and backends', async () => {
    expect((await run(['--version'])).stdout).toMatch(
      /^2\.1\.332 \(agentbridge \d+\.\d+\.\d+\)\n$/,
    );
    expect((await run(['--help'])).stdout).toContain('agentbridge doctor [backend...] [--json]');
    const backends = await run(['backends', '--json']);
    expect((JSON.parse(backends.stdout) as { id: string }[]).map((row) => row.id)).toEqual([
      'gemini',
      'codex',
      'qwen',
      'claude-acp',
      'grok',
      'claude',
      'acp',
    ]);
  });

  it('doctor --json reports the handshake of the fake agent', async () => {
    const result = await run(['doctor', '--json', ...fakeAgent(scenarioPath('auth-required'))]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { backends: Record<string, unknown>[] };
    expect(report.backends).toEqual([
      expect.objectContaining({
        backendId: 'acp',
        executable: { found: true, path: fakeAcpAgentBinPath },
        handshake: expect.objectContaining({
          ok: true,
          protocolVersion: 1,
          authMethods: [
            { id: 'oauth', name: 'Log in with a browser' },
            { id: 'api-key', name: 'API key' },
          ],
          // The bridge does not sign in for doctor: its handshake fails with the agent's reason.
          session: {
            ok: false,
            error: expect.stringContaining('Authentication required'),
            needsLogin: true,
          },
        }),
        ok: false,
      }),
    ]);
  });

  it('SIGTERM stops the agent and exits 143 without further output', async () => {
    const child = spawnCli([...sdkArgs, ...fakeAgent(scenarioPath('slow-stream'))], {
      cwd: directory,
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('close', (code) => resolve(code)),
    );
    child.stdin.write(`${initialize}\n${user('stream please')}\n`);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes('"subtype":"init"')) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });

  it('B-07 B-08: loads a plugin from .agentrc and runs its login command on the terminal, passing its exit code', async () => {
    writeFileSync(
      join(directory, 'my-plugin.mjs'),
      `export function register(container) {
        container.register(Symbol.for('agentbridge.core.Backend'), { useValue: { manifest: {
          specificationVersion: 'backend-v1', id: 'my-agent', displayName: 'My agent', protocol: 'acp',
          launch: { command: ${JSON.stringify(fakeAcpAgentBinPath)}, args: ['--scenario', ${JSON.stringify(scenarioPath('basic'))}] },
          probe: {}, env: { forward: [], credentials: [] }, process: { names: [], exitsOnStdinEof: true },
          hints: { login: { command: ${JSON.stringify(process.execPath)}, args: ['-e', 'process.exit(5)'] } },
          auth: { preferredMethodIds: [] }, quirks: {},
        } } });
      }`,
    );
    writeFileSync(
      join(directory, '.agentrc.yaml'),
      'backend: my-agent\nplugins: ["./my-plugin.mjs"]\n',
    );
    expect(await run(['-p', 'hi'])).toMatchObject({
      code: 0,
      stdout: 'Hello from the fake agent.\n',
    });
    const login = await run(['login', 'my-agent']);
    expect(login.code).toBe(5);
    expect(login.stderr).toContain(`agentbridge: running ${process.execPath} -e process.exit(5)`);
    const backends = JSON.parse((await run(['backends', '--json'])).stdout) as {
      id: string;
      selected: boolean;
    }[];
    expect(backends.find((row) => row.id === 'my-agent')).toMatchObject({
      selected: true,
      source: './my-plugin.mjs',
    });
  });

  it('the claude backend passes argv (minus our options), lines and the exit code through', async () => {
    const fakeClaude = join(directory, 'fake-claude.mjs');
    writeFileSync(
      fakeClaude,
      `#!${process.execPath}
import { createInterface } from 'node:readline';
console.log(JSON.stringify({ argv: process.argv.slice(2) }));
for await (const line of createInterface({ input: process.stdin })) console.log(line);
process.stderr.write('fake claude stderr\\n');
process.exitCode = 7;
`,
      { mode: 0o755 },
    );
    const result = await run(
      [
        '--backend',
        'claude',
        '--agent-command',
        fakeClaude,
        ...sdkArgs,
        '--model=opus',
        '--max-turns=2',
      ],
      { stdin: `${user('hi')}\n` },
    );
    expect(result.code).toBe(7);
    expect(lines(result.stdout)).toEqual([
      { argv: [...sdkArgs, '--model=opus', '--max-turns=2'] },
      JSON.parse(user('hi')),
    ]);
    expect(result.stderr).toContain('fake claude stderr');
    expect(result.stderr).not.toContain('note: --max-turns');
  });

  it.runIf(process.platform === 'linux')(
    'stdin EOF leaves no agent process behind, even one that ignores EOF and SIGTERM (checked in /proc)',
    async () => {
      const scenario = JSON.stringify({
        process: { ignoreStdinEof: true, ignoreSigterm: true, spawnChild: true },
        defaultPrompt: {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'ok' },
              },
            },
          ],
        },
      });
      const result = await run([...sdkArgs, ...fakeAgent(scenario)], {
        stdin: `${initialize}\n${user('hi')}\n`,
      });
      expect(result.code).toBe(0);
      expect(lines(result.stdout).at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
      const childPid = Number(/child-pid=(\d+)/.exec(result.stderr)?.[1]);
      expect(childPid).toBeGreaterThan(0);
      expect(isRunning(childPid)).toBe(false);
    },
  );
});

/** True when `pid` exists and is not a zombie (a container's PID 1 may never reap it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
