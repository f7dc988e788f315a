import type { BackendManifest } from '@agentbridge/core/contracts';
import { ExecutableNotFoundError, noopLogger } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { prepareAgentLaunch } from './prepare-agent-launch.js';

const manifest = {
  specificationVersion: 'backend-v1',
  id: 'fake',
  displayName: 'Fake Agent',
  protocol: 'acp',
  launch: {
    command: 'fake-agent',
    args: ['--experimental-acp'],
    argsByVersion: [{ minVersion: '0.30.0', args: ['--acp'] }],
  },
  probe: { versionArgs: ['--version'], extraDirectories: { posix: ['~/.fake/bin'] } },
  env: {
    forward: ['FAKE_API_KEY'],
    credentials: ['FAKE_API_KEY'],
    defaults: { FAKE_TELEMETRY: 'off' },
  },
  process: { names: ['fake-agent'], exitsOnStdinEof: true },
  hints: { install: 'npm install -g fake-agent' },
  auth: { preferredMethodIds: [] },
  quirks: {},
} as const satisfies BackendManifest;

function fakeFiles(files: string[]) {
  return (path: string) => files.includes(path);
}

describe('prepareAgentLaunch', () => {
  it('finds the default command in the install dirs, picks args by the probed version, builds the env', async () => {
    const runs: string[] = [];
    const prepared = await prepareAgentLaunch({
      manifest,
      parentEnv: {
        PATH: '/usr/bin',
        HOME: '/home/u',
        CLAUDECODE: '1',
        FAKE_API_KEY: 'sk-secret-value',
      },
      platform: 'linux',
      isFile: fakeFiles(['/home/u/.fake/bin/fake-agent']),
      runCommand: async (command, args) => {
        runs.push([command, ...args].join(' '));
        return 'fake-agent 0.61.0';
      },
    });
    expect(prepared).toEqual({
      command: '/home/u/.fake/bin/fake-agent',
      args: ['--acp'],
      version: '0.61.0',
      env: {
        PATH: '/usr/bin',
        HOME: '/home/u',
        FAKE_API_KEY: 'sk-secret-value',
        FAKE_TELEMETRY: 'off',
      },
      withheld: [],
      secrets: ['sk-secret-value'],
    });
    expect(runs).toEqual(['/home/u/.fake/bin/fake-agent --version']);
  });

  it('a user command drops the default arguments and skips the version probe', async () => {
    const prepared = await prepareAgentLaunch({
      manifest,
      command: ' /opt/agent ',
      parentEnv: { PATH: '/usr/bin' },
      platform: 'linux',
      isFile: fakeFiles(['/opt/agent']),
      runCommand: async () => {
        throw new Error('must not run');
      },
    });
    expect(prepared.command).toBe('/opt/agent');
    expect(prepared.args).toEqual([]);
  });

  it('user args win; the configuration env overrides the parent', async () => {
    const prepared = await prepareAgentLaunch({
      manifest,
      args: ['--acp', '--debug'],
      parentEnv: { PATH: '/bin', FAKE_TELEMETRY: 'on' },
      configEnv: { FAKE_TELEMETRY: 'config' },
      platform: 'linux',
      isFile: fakeFiles(['/bin/fake-agent']),
    });
    expect(prepared.args).toEqual(['--acp', '--debug']);
    expect(prepared.env.FAKE_TELEMETRY).toBe('config');
  });

  it("FT-08 secrets: credential values, every configuration env value, secret-looking arguments, any vendor's key variables", async () => {
    const prepared = await prepareAgentLaunch({
      manifest,
      args: ['--acp', '--api-key=from-the-args', '--model', 'fast'],
      parentEnv: { PATH: '/bin', FAKE_API_KEY: 'sk-credential', OPENAI_API_KEY: 'sk-other-vendor' },
      configEnv: { PROXY_TOKEN: 'from-the-config' },
      platform: 'linux',
      isFile: fakeFiles(['/bin/fake-agent']),
    });
    expect(prepared.args).toEqual(['--acp', '--api-key=from-the-args', '--model', 'fast']);
    expect(prepared.secrets).toEqual([
      'sk-credential',
      'from-the-config',
      'from-the-args',
      'sk-other-vendor',
    ]);
  });

  it("EV-01 EV-02 EV-05 other vendors' credentials are withheld (names told at debug level), the backend's own kept", async () => {
    const debug: unknown[] = [];
    const logger = {
      ...noopLogger,
      debug: (message: string, data?: unknown) => debug.push([message, data]),
    };
    const prepared = await prepareAgentLaunch({
      manifest,
      args: [],
      parentEnv: {
        PATH: '/bin',
        FAKE_API_KEY: 'sk-own-credential',
        ANTHROPIC_API_KEY: 'sk-ant-parent',
        CLAUDE_CODE_OAUTH_TOKEN: 'oauth-parent-token',
        PLUGIN_TOKEN: 'plugin-parent-token',
        GITHUB_TOKEN: 'ghp_not-a-vendor-key',
      },
      settingsEnv: { OPENAI_API_KEY: 'sk-openai-settings', NODE_ENV: 'test' },
      configEnv: { XAI_API_KEY: 'xai-from-agentrc' },
      otherCredentials: ['PLUGIN_TOKEN', 'FAKE_API_KEY'],
      logger,
      platform: 'linux',
      isFile: fakeFiles(['/bin/fake-agent']),
    });
    expect(prepared.env).toEqual({
      PATH: '/bin',
      FAKE_API_KEY: 'sk-own-credential',
      GITHUB_TOKEN: 'ghp_not-a-vendor-key',
      NODE_ENV: 'test',
      XAI_API_KEY: 'xai-from-agentrc',
      FAKE_TELEMETRY: 'off',
    });
    expect(prepared.withheld).toEqual([
      'ANTHROPIC_API_KEY',
      'CLAUDE_CODE_OAUTH_TOKEN',
      'PLUGIN_TOKEN',
      'OPENAI_API_KEY',
    ]);
    // Still masked, in case the agent finds them elsewhere; never logged.
    expect(prepared.secrets).toEqual(
      expect.arrayContaining(['sk-ant-parent', 'oauth-parent-token', 'sk-openai-settings']),
    );
    expect(debug).toEqual([['withheld credential variables', { withheld: prepared.withheld }]]);
    expect(JSON.stringify(debug)).not.toContain('sk-');
  });

  it('EV-03 EV-01 passEnv passes a credential anyway; Windows names ignore case', async () => {
    const prepared = await prepareAgentLaunch({
      manifest,
      args: [],
      parentEnv: { Path: 'C:\\bin', Anthropic_Api_Key: 'sk-ant-parent', OpenAI_API_Key: 'sk-oai' },
      passEnv: ['OPENAI_API_KEY'],
      platform: 'win32',
      isFile: fakeFiles(['C:\\bin\\fake-agent.exe']),
    });
    expect(prepared.env).toEqual({
      Path: 'C:\\bin',
      OpenAI_API_Key: 'sk-oai',
      FAKE_TELEMETRY: 'off',
    });
    expect(prepared.withheld).toEqual(['Anthropic_Api_Key']);
  });

  it('X-03: keepClaudeClientVariables keeps the Claude client variables for a real claude; homeDirectory expands ~', async () => {
    const parentEnv = { PATH: '/bin', CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' };
    const passThrough = await prepareAgentLaunch({
      manifest,
      parentEnv,
      keepClaudeClientVariables: true,
      homeDirectory: '/elsewhere',
      platform: 'linux',
      isFile: fakeFiles(['/elsewhere/.fake/bin/fake-agent']),
      runCommand: async () => 'fake-agent 0.10.0',
    });
    expect(passThrough.command).toBe('/elsewhere/.fake/bin/fake-agent');
    expect(passThrough.env).toMatchObject({ CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' });
    const acp = await prepareAgentLaunch({
      manifest,
      args: [],
      parentEnv,
      platform: 'linux',
      isFile: fakeFiles(['/bin/fake-agent']),
    });
    expect(acp.env).toEqual({ PATH: '/bin', FAKE_TELEMETRY: 'off' });
  });

  it('CP-06 throws ExecutableNotFoundError with the install hint when nothing is found', async () => {
    await expect(
      prepareAgentLaunch({
        manifest,
        parentEnv: { PATH: '/bin', HOME: '/h' },
        platform: 'linux',
        isFile: fakeFiles([]),
      }),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof ExecutableNotFoundError &&
        error.searchedPaths.join(',') === '/bin/fake-agent,/h/.fake/bin/fake-agent' &&
        error.message.includes('npm install -g fake-agent'),
    );
  });
});
