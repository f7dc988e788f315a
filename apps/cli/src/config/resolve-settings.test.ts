import { join } from 'node:path';
import type { ConfigError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { useConfigDirectories, write } from './__fixtures__/use-config-directories.js';
import { type ConfigFile, loadConfig } from './load-config.js';
import { checkBackendKeys, resolveSettings } from './resolve-settings.js';

const directories = useConfigDirectories();

describe('resolveSettings', () => {
  const base = { homeDirectory: '/home/u', platform: 'linux' as const };

  it('applies flags > env > project > global > defaults, key by key (B-13: a command alone drops the default arguments)', async () => {
    write(
      join(directories.home, '.agentrc.yaml'),
      'backend: gemini\nmodel: global-model\nauthMethod: oauth\nenv: { A: global, B: global }\nhandshakeTimeoutMs: 5000\nplugins: ["./global-plugin.mjs"]',
    );
    write(
      join(directories.project, '.agentrc.yaml'),
      'model: project-model\nenv: { B: project }\nbackends: { codex: { command: /opt/codex-acp, model: codex-project } }\nplugins: ["pkg"]',
    );
    const files = await loadConfig({
      cwd: directories.project,
      env: {},
      homeDirectory: directories.home,
    });

    const fromFiles = resolveSettings({ ...base, flags: {}, env: {}, files });
    expect(fromFiles).toMatchObject({
      backendId: 'gemini',
      model: 'project-model',
      authMethod: 'oauth',
      env: { A: 'global', B: 'project' },
      handshakeTimeoutMs: 5000,
      stateDirectory: '/home/u/.local/state/agentbridge',
    });
    expect(fromFiles.command).toBeUndefined();
    expect(fromFiles.args).toBeUndefined();
    expect(fromFiles.plugins).toEqual([
      {
        specifier: './global-plugin.mjs',
        baseDirectory: directories.home,
        configFile: join(directories.home, '.agentrc.yaml'),
        index: 0,
      },
      {
        specifier: 'pkg',
        baseDirectory: directories.project,
        configFile: join(directories.project, '.agentrc.yaml'),
        index: 0,
      },
    ]);

    const fromEnv = resolveSettings({
      ...base,
      flags: {},
      env: { AGENTBRIDGE_BACKEND: 'codex', AGENTBRIDGE_STATE_DIR: '/state' },
      files,
    });
    expect(fromEnv).toMatchObject({
      backendId: 'codex',
      command: '/opt/codex-acp',
      args: [],
      model: 'codex-project',
      stateDirectory: '/state',
    });

    const fromFlags = resolveSettings({
      ...base,
      flags: {
        backend: 'acp',
        agentCommand: 'my-agent',
        agentArgs: ['--stdio'],
        model: 'flag-model',
        permissionMode: 'plan',
      },
      env: {
        AGENTBRIDGE_BACKEND: 'codex',
        AGENTBRIDGE_COMMAND: 'env-agent',
        AGENTBRIDGE_ARGS: '["--env"]',
      },
      files,
    });
    expect(fromFlags).toMatchObject({
      backendId: 'acp',
      command: 'my-agent',
      args: ['--stdio'],
      model: 'flag-model',
      permissionMode: 'plan',
    });

    const envCommand = resolveSettings({
      ...base,
      flags: {},
      env: { AGENTBRIDGE_COMMAND: 'env-agent', AGENTBRIDGE_ARGS: '["--env"]' },
      files,
    });
    expect(envCommand).toMatchObject({
      backendId: 'gemini',
      command: 'env-agent',
      args: ['--env'],
    });
  });

  it("EV-03 passEnv joins every file's top-level and backend lists and AGENTBRIDGE_PASS_ENV", () => {
    const file = (directory: string, config: ConfigFile['config']): ConfigFile => ({
      scope: 'project',
      filePath: `${directory}/.agentrc`,
      directory,
      config,
      missingVariables: [],
    });
    const settings = resolveSettings({
      ...base,
      flags: { backend: 'gemini' },
      env: { AGENTBRIDGE_PASS_ENV: ' OPENAI_API_KEY,XAI_API_KEY  ANTHROPIC_API_KEY' },
      files: [
        file('/home/u', { passEnv: ['ANTHROPIC_API_KEY'] }),
        file('/repo', {
          backends: { gemini: { passEnv: ['MISTRAL_API_KEY'] }, codex: { passEnv: ['NOT_MINE'] } },
        }),
      ],
    });
    expect(settings.passEnv).toEqual([
      'ANTHROPIC_API_KEY',
      'MISTRAL_API_KEY',
      'OPENAI_API_KEY',
      'XAI_API_KEY',
    ]);
  });

  it('resolves a ./relative command and stateDir against the config file, not the cwd', () => {
    const settings = resolveSettings({
      ...base,
      flags: {},
      env: {},
      files: [
        {
          scope: 'project',
          filePath: '/repo/.agentrc',
          directory: '/repo',
          config: {
            command: './bin/agent',
            stateDir: '.state',
            backends: { acp: { command: '../other/agent' } },
          },
          missingVariables: [],
        },
      ],
    });
    expect(settings).toMatchObject({ command: '/repo/bin/agent', stateDirectory: '/repo/.state' });
    expect(
      resolveSettings({
        ...base,
        flags: { backend: 'acp' },
        env: {},
        files: [
          {
            scope: 'project',
            filePath: '/repo/.agentrc',
            directory: '/repo',
            config: { backends: { acp: { command: '../other/agent' } } },
            missingVariables: [],
          },
        ],
      }).command,
    ).toBe('/other/agent');
  });

  it('has no backend when nothing chooses one, and uses XDG_STATE_HOME', () => {
    const settings = resolveSettings({
      ...base,
      flags: {},
      env: { XDG_STATE_HOME: '/xdg-state' },
      files: [],
    });
    expect(settings.backendId).toBeUndefined();
    expect(settings.stateDirectory).toBe('/xdg-state/agentbridge');
    expect(settings.env).toEqual({});
  });

  it('passes permissionMode "manual" through as written (the bridge maps it to "default")', () => {
    const settings = resolveSettings({
      ...base,
      flags: {},
      env: {},
      files: [
        {
          scope: 'project',
          filePath: '/p/.agentrc',
          directory: '/p',
          config: { permissionMode: 'manual' },
          missingVariables: [],
        },
      ],
    });
    expect(settings.permissionMode).toBe('manual');
  });

  it.each(['--acp', '{"a":1}', '[1,2]'])(
    'rejects AGENTBRIDGE_ARGS=%s naming the variable',
    (value) => {
      expect(() =>
        resolveSettings({ ...base, flags: {}, env: { AGENTBRIDGE_ARGS: value }, files: [] }),
      ).toThrow(/AGENTBRIDGE_ARGS[\s\S]*JSON array of strings/);
    },
  );

  const projectFile = (config: ConfigFile['config']): ConfigFile => ({
    scope: 'project',
    filePath: '/p/.agentrc',
    directory: '/p',
    config,
    missingVariables: [],
  });

  it('FT-10 a top-level command is only for the acp backend; elsewhere it is an error naming what chose the backend', () => {
    const files = [projectFile({ backend: 'acp', command: '/opt/my-agent' })];
    expect(resolveSettings({ ...base, flags: {}, env: {}, files }).command).toBe('/opt/my-agent');
    const error = (() => {
      try {
        resolveSettings({ ...base, flags: {}, env: { AGENTBRIDGE_BACKEND: 'gemini' }, files });
      } catch (caughtError) {
        return caughtError as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.filePath).toBe('/p/.agentrc');
    expect(error.issues).toEqual([
      {
        path: 'command',
        message:
          "a top-level command is for the acp backend only, but the backend is 'gemini' (set by AGENTBRIDGE_BACKEND): move it under backends.gemini.command, or choose backend: acp.",
      },
    ]);
    const perBackend = [projectFile({ backends: { gemini: { command: '/opt/gemini' } } })];
    expect(
      resolveSettings({ ...base, flags: { backend: 'gemini' }, env: {}, files: perBackend }),
    ).toMatchObject({ command: '/opt/gemini', backendSource: '--backend' });
  });

  it('FT-10 a misspelt id under backends: is an error with a did-you-mean, naming the file', () => {
    const settings = resolveSettings({
      ...base,
      flags: {},
      env: {},
      files: [projectFile({ backend: 'codex', backends: { geminii: { model: 'x' } } })],
    });
    expect(settings.backendSource).toBe('/p/.agentrc');
    expect(() => checkBackendKeys(settings, ['gemini', 'codex', 'acp'])).toThrow(
      "Invalid /p/.agentrc:\n  - backends.geminii: no backend named 'geminii': did you mean 'gemini'? Available: gemini, codex, acp.",
    );
    expect(() => checkBackendKeys(settings, ['geminii', 'codex'])).not.toThrow();
  });
});
