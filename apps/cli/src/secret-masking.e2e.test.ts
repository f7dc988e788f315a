import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './__fixtures__/run-cli.js';

const leakyAgent = fileURLToPath(new URL('./__fixtures__/leaky-agent.mjs', import.meta.url));

const configSecret = 'configsecretvalue7';
const mcpSecret = 'mcpheadersecret42';
const argumentSecret = 'argumentsecret99';
const secrets = [configSecret, mcpSecret, argumentSecret];

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-secrets-'));
  writeFileSync(join(directory, 'package.json'), '{"name":"secrets-project"}');
  // `.agentrc` env: handed to the agent, and a secret wherever it shows up.
  writeFileSync(join(directory, '.agentrc.yaml'), `env:\n  LEAKY_TOKEN: ${configSecret}\n`);
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const run = (args: readonly string[], stdin: string) => runCli(args, { cwd: directory, stdin });

const agentArgs = (...extra: string[]) => [
  '--backend',
  'acp',
  '--agent-command',
  process.execPath,
  '--agent-arg',
  leakyAgent,
  `--agent-arg=--api-key=${argumentSecret}`,
  ...extra.flatMap((argument) => ['--agent-arg', argument]),
];

const mcpConfig = JSON.stringify({
  mcpServers: {
    tools: {
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: `Bearer ${mcpSecret}` },
    },
  },
});

describe('secrets never reach logs, agent output or the client (standards: no secrets in logs)', () => {
  it('X-01 .agentrc env values, --mcp-config headers and secret-looking --agent-args are masked in the crash result and on stderr', async () => {
    const initialize = {
      type: 'control_request',
      request_id: 'r1',
      request: { subtype: 'initialize' },
    };
    const user = {
      type: 'user',
      message: { role: 'user', content: 'hi' },
      parent_tool_use_id: null,
      session_id: '',
    };
    const result = await run(
      [
        ...agentArgs(),
        '--mcp-config',
        mcpConfig,
        '--output-format',
        'stream-json',
        '--input-format',
        'stream-json',
        '--verbose',
        '--debug',
      ],
      `${JSON.stringify(initialize)}\n${JSON.stringify(user)}\n`,
    );

    const messages = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = messages.at(-1);
    expect(last).toMatchObject({ type: 'result', is_error: true });
    // The agent's stderr made it into the result (masked), and to our stderr (masked).
    expect(result.stdout).toContain('leaky: token ***');
    expect(result.stderr).toContain('leaky: token ***');
    expect(result.stderr).toContain('"name":"Authorization","value":"***"');
    for (const secret of secrets) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  });

  it('doctor masks the same values in the agent stderr it prints', async () => {
    const result = await run(['doctor', '--json', ...agentArgs('--fail-initialize')], '');

    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      backends: { handshake?: { ok: boolean; stderrTail?: string }; args: string[] }[];
    };
    expect(report.backends[0]?.handshake).toMatchObject({ ok: false });
    expect(report.backends[0]?.handshake?.stderrTail).toContain('leaky: token ***');
    expect(report.backends[0]?.args).toContain('--api-key=***');
    for (const secret of [configSecret, argumentSecret]) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  });
});
