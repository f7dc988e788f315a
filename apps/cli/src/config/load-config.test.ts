import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigError } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConfigFile, loadConfig } from './load-config.js';
import { checkBackendKeys, resolveSettings } from './resolve-settings.js';

let root: string;
let home: string;
let project: string;

function write(path: string, content: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

async function caught(promise: Promise<unknown>): Promise<ConfigError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-config-'));
  home = join(root, 'home');
  project = join(root, 'work', 'project');
  mkdirSync(home, { recursive: true });
  // Bounds the upward search inside the temp dir.
  write(join(root, 'work', 'package.json'), '{"name":"outer"}');
  mkdirSync(join(project, 'src', 'deep'), { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('finds .agentrc (YAML) from a subdirectory, walking up to the package.json directory', async () => {
    write(join(project, '.agentrc'), 'backend: codex\nmodel: gpt-x\n');
    const files = await loadConfig({
      cwd: join(project, 'src', 'deep'),
      env: {},
      homeDirectory: home,
    });
    expect(files).toEqual([
      expect.objectContaining({
        scope: 'project',
        filePath: join(project, '.agentrc'),
        directory: project,
        config: { backend: 'codex', model: 'gpt-x' },
      }),
    ]);
  });

  it('stops at the nearest package.json: a file above it is not the project file', async () => {
    write(join(project, 'package.json'), '{"name":"inner"}');
    write(join(root, 'work', '.agentrc.json'), '{"backend":"codex"}');
    expect(await loadConfig({ cwd: project, env: {}, homeDirectory: home })).toEqual([]);
  });

  it.each([
    ['package.json', '{"name":"p","agent":{"backend":"gemini"}}'],
    ['.agentrc.json', '{"backend":"gemini"}'],
    ['.agentrc.yml', 'backend: gemini'],
    ['.agentrc.mjs', 'export default { backend: "gemini" };'],
    ['agent.config.mjs', 'export default { backend: "gemini" };'],
  ])('reads %s', async (name, content) => {
    write(join(project, name), content);
    const [file] = await loadConfig({ cwd: project, env: {}, homeDirectory: home });
    expect(file?.config.backend).toBe('gemini');
    expect(file?.filePath).toBe(join(project, name));
  });

  it('loads the global file first: $XDG_CONFIG_HOME/agentbridge/config.*, else ~/.agentrc*', async () => {
    write(join(home, '.agentrc.json'), '{"backend":"codex"}');
    write(join(project, '.agentrc.json'), '{"model":"m"}');
    const files = await loadConfig({ cwd: project, env: {}, homeDirectory: home });
    expect(files.map((file) => [file.scope, file.filePath])).toEqual([
      ['global', join(home, '.agentrc.json')],
      ['project', join(project, '.agentrc.json')],
    ]);

    const xdg = join(root, 'xdg');
    write(join(xdg, 'agentbridge', 'config.yaml'), 'backend: gemini');
    const withXdg = await loadConfig({
      cwd: project,
      env: { XDG_CONFIG_HOME: xdg },
      homeDirectory: home,
    });
    expect(withXdg[0]?.filePath).toBe(join(xdg, 'agentbridge', 'config.yaml'));
  });

  it('an explicit --config file replaces the project search', async () => {
    write(join(project, '.agentrc.json'), '{"backend":"gemini"}');
    const explicit = write(join(root, 'elsewhere', 'rc.yaml'), 'backend: codex');
    const files = await loadConfig({
      cwd: project,
      env: {},
      homeDirectory: home,
      explicitPath: '../../elsewhere/rc.yaml',
    });
    expect(files.map((file) => [file.scope, file.filePath, file.config.backend])).toEqual([
      ['explicit', explicit, 'codex'],
    ]);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
  it('interpolates $VAR and ${VAR} in strings and reports unset variables', async () => {
    write(
      join(project, '.agentrc.yaml'),
      [
        'backend: gemini',
        'command: $TOOLS/gemini',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
        'args: ["--token=${TOKEN}", "cost: $$5"]',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
        'env: { GEMINI_API_KEY: "${GEMINI_API_KEY}", EMPTY: "$NOT_SET" }',
      ].join('\n'),
    );
    const [file] = await loadConfig({
      cwd: project,
      env: { TOOLS: '/opt/tools', TOKEN: 't0k', GEMINI_API_KEY: 'key' },
      homeDirectory: home,
    });
    expect(file?.config).toEqual({
      backend: 'gemini',
      command: '/opt/tools/gemini',
      args: ['--token=t0k', 'cost: $5'],
      env: { GEMINI_API_KEY: 'key', EMPTY: '' },
    });
    expect(file?.missingVariables).toEqual(['NOT_SET']);
  });

  it('names the file, the key and the fix for invalid values', async () => {
    const filePath = write(
      join(project, '.agentrc.json'),
      JSON.stringify({
        backend: 'Gemini CLI',
        comand: 'x',
        args: '--acp',
        backends: { codex: { command: 42, handshakeTimeoutMs: -1 } },
        permissionMode: 'yolo',
      }),
    );
    const error = await caught(loadConfig({ cwd: project, env: {}, homeDirectory: home }));
    expect(error.code).toBe('config-invalid');
    expect(error.filePath).toBe(filePath);
    expect(error.message.split('\n')[0]).toBe(`Invalid ${filePath}:`);
    const byPath = Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
    expect(byPath.backend).toContain('lowercase backend id');
    expect(byPath.comand).toContain('did you mean "command"?');
    expect(byPath.args).toContain('must be a list of strings');
    expect(byPath['backends.codex.command']).toContain('command name or path');
    expect(byPath['backends.codex.handshakeTimeoutMs']).toContain('greater than 0');
    expect(byPath.permissionMode).toContain('must be one of manual, default');
  });

  it("FT-10 a syntax error names the file, line, column and the parser's reason (JSON and YAML)", async () => {
    const cases = [
      [
        '.agentrc.json',
        '{\n  "backend": "gemini",\n  "model": x\n}\n',
        ':3:12',
        "Unexpected token 'x'",
      ],
      ['.agentrc.json', '{"backend": ', ':1:13', 'Unexpected end of JSON input'],
      [
        '.agentrc.yaml',
        'backend: gemini\nmodel: [unclosed\nx: 1\n',
        ':3:1',
        'missed comma between flow collection entries',
      ],
    ];
    for (const [name = '', text = '', place, reason] of cases) {
      rmSync(project, { recursive: true, force: true });
      const filePath = write(join(project, name), text);
      const error = await caught(loadConfig({ cwd: project, env: {}, homeDirectory: home }));
      expect(error.filePath).toBe(`${filePath}${place}`);
      expect(error.issues[0]?.message).toContain(reason);
    }
  });

  it('FT-10 a value left empty by an unset variable names the variable', async () => {
    const filePath = write(
      join(project, '.agentrc.yaml'),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
      'backends:\n  codex:\n    command: ${UNDEFINED_VAR}\n',
    );
    const error = await caught(loadConfig({ cwd: project, env: {}, homeDirectory: home }));
    expect(error.filePath).toBe(filePath);
    expect(error.issues).toEqual([
      {
        path: 'backends.codex.command',
        message:
          'must not be empty: remove the key to use the backend default (it uses $UNDEFINED_VAR, which is not set)',
      },
    ]);
  });

  it('reports a missing explicit file', async () => {
    const error = await caught(
      loadConfig({ cwd: project, env: {}, homeDirectory: home, explicitPath: 'nope.json' }),
    );
    expect(error.filePath).toBe(join(project, 'nope.json'));
    expect(error.message).toContain('file not found');
  });
});

describe('resolveSettings', () => {
  const base = { homeDirectory: '/home/u', platform: 'linux' as const };

  it('applies flags > env > project > global > defaults, key by key (B-13: a command alone drops the default arguments)', async () => {
    write(
      join(home, '.agentrc.yaml'),
      'backend: gemini\nmodel: global-model\nauthMethod: oauth\nenv: { A: global, B: global }\nhandshakeTimeoutMs: 5000\nplugins: ["./global-plugin.mjs"]',
    );
    write(
      join(project, '.agentrc.yaml'),
      'model: project-model\nenv: { B: project }\nbackends: { codex: { command: /opt/codex-acp, model: codex-project } }\nplugins: ["pkg"]',
    );
    const files = await loadConfig({ cwd: project, env: {}, homeDirectory: home });

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
        baseDirectory: home,
        configFile: join(home, '.agentrc.yaml'),
        index: 0,
      },
      {
        specifier: 'pkg',
        baseDirectory: project,
        configFile: join(project, '.agentrc.yaml'),
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
