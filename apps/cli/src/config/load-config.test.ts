import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { useConfigDirectories, write } from './__fixtures__/use-config-directories.js';
import { loadConfig } from './load-config.js';

const directories = useConfigDirectories();

async function caught(promise: Promise<unknown>): Promise<ConfigError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('finds .agentrc (YAML) from a subdirectory, walking up to the package.json directory', async () => {
    write(join(directories.project, '.agentrc'), 'backend: codex\nmodel: gpt-x\n');
    const files = await loadConfig({
      cwd: join(directories.project, 'src', 'deep'),
      env: {},
      homeDirectory: directories.home,
    });
    expect(files).toEqual([
      expect.objectContaining({
        scope: 'project',
        filePath: join(directories.project, '.agentrc'),
        directory: directories.project,
        config: { backend: 'codex', model: 'gpt-x' },
      }),
    ]);
  });

  it('stops at the nearest package.json: a file above it is not the project file', async () => {
    write(join(directories.project, 'package.json'), '{"name":"inner"}');
    write(join(directories.root, 'work', '.agentrc.json'), '{"backend":"codex"}');
    expect(
      await loadConfig({ cwd: directories.project, env: {}, homeDirectory: directories.home }),
    ).toEqual([]);
  });

  it.each([
    ['package.json', '{"name":"p","agent":{"backend":"gemini"}}'],
    ['.agentrc.json', '{"backend":"gemini"}'],
    ['.agentrc.yml', 'backend: gemini'],
    ['.agentrc.mjs', 'export default { backend: "gemini" };'],
    ['agent.config.mjs', 'export default { backend: "gemini" };'],
  ])('reads %s', async (name, content) => {
    write(join(directories.project, name), content);
    const [file] = await loadConfig({
      cwd: directories.project,
      env: {},
      homeDirectory: directories.home,
    });
    expect(file?.config.backend).toBe('gemini');
    expect(file?.filePath).toBe(join(directories.project, name));
  });

  it('loads the global file first: $XDG_CONFIG_HOME/agentbridge/config.*, else ~/.agentrc*', async () => {
    write(join(directories.home, '.agentrc.json'), '{"backend":"codex"}');
    write(join(directories.project, '.agentrc.json'), '{"model":"m"}');
    const files = await loadConfig({
      cwd: directories.project,
      env: {},
      homeDirectory: directories.home,
    });
    expect(files.map((file) => [file.scope, file.filePath])).toEqual([
      ['global', join(directories.home, '.agentrc.json')],
      ['project', join(directories.project, '.agentrc.json')],
    ]);

    const xdg = join(directories.root, 'xdg');
    write(join(xdg, 'agentbridge', 'config.yaml'), 'backend: gemini');
    const withXdg = await loadConfig({
      cwd: directories.project,
      env: { XDG_CONFIG_HOME: xdg },
      homeDirectory: directories.home,
    });
    expect(withXdg[0]?.filePath).toBe(join(xdg, 'agentbridge', 'config.yaml'));
  });

  it('an explicit --config file replaces the project search', async () => {
    write(join(directories.project, '.agentrc.json'), '{"backend":"gemini"}');
    const explicit = write(join(directories.root, 'elsewhere', 'rc.yaml'), 'backend: codex');
    const files = await loadConfig({
      cwd: directories.project,
      env: {},
      homeDirectory: directories.home,
      explicitPath: '../../elsewhere/rc.yaml',
    });
    expect(files.map((file) => [file.scope, file.filePath, file.config.backend])).toEqual([
      ['explicit', explicit, 'codex'],
    ]);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
  it('interpolates $VAR and ${VAR} in strings and reports unset variables', async () => {
    write(
      join(directories.project, '.agentrc.yaml'),
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
      cwd: directories.project,
      env: { TOOLS: '/opt/tools', TOKEN: 't0k', GEMINI_API_KEY: 'key' },
      homeDirectory: directories.home,
    });
    expect(file?.config).toEqual({
      backend: 'gemini',
      command: '/opt/tools/gemini',
      args: ['--token=t0k', 'cost: $5'],
      env: { GEMINI_API_KEY: 'key', EMPTY: '' },
    });
    expect(file?.missingVariables).toEqual(['NOT_SET']);
  });

  it('EV-03 names the file, the key and the fix for invalid values', async () => {
    const filePath = write(
      join(directories.project, '.agentrc.json'),
      JSON.stringify({
        backend: 'Gemini CLI',
        comand: 'x',
        args: '--acp',
        backends: { codex: { command: 42, handshakeTimeoutMs: -1 } },
        permissionMode: 'yolo',
        passEnv: ['OPENAI_API_KEY', 'not a name'],
      }),
    );
    const error = await caught(
      loadConfig({ cwd: directories.project, env: {}, homeDirectory: directories.home }),
    );
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
    expect(byPath['passEnv[1]']).toBe('must be a variable name, e.g. "OPENAI_API_KEY"');
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
      rmSync(directories.project, { recursive: true, force: true });
      const filePath = write(join(directories.project, name), text);
      const error = await caught(
        loadConfig({ cwd: directories.project, env: {}, homeDirectory: directories.home }),
      );
      expect(error.filePath).toBe(`${filePath}${place}`);
      expect(error.issues[0]?.message).toContain(reason);
    }
  });

  it('FT-10 a value left empty by an unset variable names the variable', async () => {
    const filePath = write(
      join(directories.project, '.agentrc.yaml'),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: literal `${VAR}` config text.
      'backends:\n  codex:\n    command: ${UNDEFINED_VAR}\n',
    );
    const error = await caught(
      loadConfig({ cwd: directories.project, env: {}, homeDirectory: directories.home }),
    );
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
      loadConfig({
        cwd: directories.project,
        env: {},
        homeDirectory: directories.home,
        explicitPath: 'nope.json',
      }),
    );
    expect(error.filePath).toBe(join(directories.project, 'nope.json'));
    expect(error.message).toContain('file not found');
  });
});
