import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeAcpAgentBinPath, scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { fakeAgentArgs as fakeAgent } from './__fixtures__/run-cli.js';
import { useCliProject } from './__fixtures__/use-cli-project.js';

const project = useCliProject();
const run = project.run;

describe('agentbridge CLI (real processes, fake ACP agent)', () => {
  it('--version, --help and backends', async () => {
    expect((await run(['--version'])).stdout).toMatch(
      /^2\.1\.332 \(agentbridge \d+\.\d+\.\d+\)\n$/,
    );
    const help = (await run(['--help'])).stdout;
    expect(help).toContain('doctor [backend...]');
    const backends = await run(['backends', '--json']);
    const ids = (JSON.parse(backends.stdout) as { id: string }[]).map((row) => row.id);
    // CL-06: the help names every backend.
    const backendHelp = help
      .slice(help.indexOf('--backend <id>'), help.indexOf('--agent-command'))
      .replace(/\s+/g, ' ');
    for (const id of ids) expect(backendHelp).toMatch(new RegExp(` ${id},`));
    expect(ids).toEqual(['gemini', 'codex', 'qwen', 'claude-acp', 'grok', 'claude', 'acp']);
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

  it('H-05 doctor acp probes the command given by --agent-command or AGENTBRIDGE_COMMAND without --backend', async () => {
    const agentArgs = ['--scenario', scenarioPath('basic')].map((value) => `--agent-arg=${value}`);
    const byFlag = await run([
      'doctor',
      'acp',
      '--json',
      '--agent-command',
      fakeAcpAgentBinPath,
      ...agentArgs,
    ]);
    const byEnv = await run(['doctor', 'acp', '--json'], {
      env: {
        AGENTBRIDGE_COMMAND: fakeAcpAgentBinPath,
        AGENTBRIDGE_ARGS: JSON.stringify(['--scenario', scenarioPath('basic')]),
      },
    });
    for (const result of [byFlag, byEnv]) {
      const report = JSON.parse(result.stdout) as { backends: Record<string, unknown>[] };
      expect(report.backends).toEqual([
        expect.objectContaining({
          backendId: 'acp',
          command: fakeAcpAgentBinPath,
          executable: { found: true, path: fakeAcpAgentBinPath },
          handshake: expect.objectContaining({ ok: true }),
        }),
      ]);
    }
  });

  it('B-07 B-08: loads a plugin from .agentrc and runs its login command on the terminal, passing its exit code', async () => {
    writeFileSync(
      join(project.directory, 'my-plugin.mjs'),
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
      join(project.directory, '.agentrc.yaml'),
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
});
