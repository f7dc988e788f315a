import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, UsageError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { useConfigDirectories, write } from '../config/__fixtures__/use-config-directories.js';
import { type ClaudeSettingsOptions, loadClaudeSettings } from './load-claude-settings.js';

const directories = useConfigDirectories();
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The files of one test: the user's (under `$CLAUDE_CONFIG_DIR`), project, local and managed. */
const paths = () => ({
  user: join(directories.home, '.claude', 'settings.json'),
  project: join(directories.project, '.claude', 'settings.json'),
  local: join(directories.project, '.claude', 'settings.local.json'),
  managed: join(directories.root, 'managed', 'managed-settings.json'),
  dropIn: join(directories.root, 'managed', 'managed-settings.d', '10-extra.json'),
  trust: join(directories.home, '.claude.json'),
});

const load = (options: Partial<ClaudeSettingsOptions> = {}) =>
  loadClaudeSettings({
    cwd: directories.project,
    homeDirectory: directories.home,
    env: {},
    platform: 'linux',
    managedDirectory: join(directories.root, 'managed'),
    ...options,
  });

const trustProject = () =>
  write(
    paths().trust,
    json({ projects: { [directories.project]: { hasTrustDialogAccepted: true } } }),
  );

describe('loadClaudeSettings (real files)', () => {
  it('SE-01 merges user < project < local < --settings < managed: lists add up, the highest model and mode win, env merges', async () => {
    const files = paths();
    write(
      files.user,
      json({ model: 'user', env: { A: 'user', U: 'u' }, permissions: { deny: ['Read(/u)'] } }),
    );
    write(
      files.project,
      json({
        model: 'project',
        env: { A: 'project' },
        permissions: { deny: ['Read(/p)', 'Read(/u)'], defaultMode: 'plan' },
      }),
    );
    write(
      files.local,
      json({ model: 'local', env: { A: 'local' }, permissions: { ask: ['Bash(git push:*)'] } }),
    );
    write(files.managed, json({ permissions: { deny: ['WebFetch'] } }));
    write(files.dropIn, json({ env: { M: 'managed' } }));
    trustProject();
    const { settings, diagnostics } = await load({
      flagSettings: json({
        model: 'flag',
        env: { A: 'flag' },
        permissions: { defaultMode: 'acceptEdits' },
      }),
    });
    expect(diagnostics).toEqual([]);
    expect(settings).toMatchObject({
      model: 'flag',
      defaultMode: 'acceptEdits',
      deny: ['Read(/u)', 'Read(/p)', 'WebFetch'],
      ask: ['Bash(git push:*)'],
      env: { A: 'flag', U: 'u', M: 'managed' },
      files: [files.user, files.project, files.local, '--settings', files.managed, files.dropIn],
    });
  });

  it('SE-01 --setting-sources picks the files; [] loads none but --settings and managed; $CLAUDE_CONFIG_DIR holds the user file', async () => {
    const files = paths();
    write(files.user, json({ model: 'user' }));
    write(files.project, json({ model: 'project' }));
    write(files.local, json({ model: 'local' }));
    expect((await load({ sources: ['user', 'project'] })).settings.model).toBe('project');
    expect((await load({ sources: ['user'] })).settings.model).toBe('user');
    expect((await load({ sources: [] })).settings.files).toEqual([]);
    const flagFile = write(join(directories.project, 'extra.json'), json({ model: 'flag' }));
    expect((await load({ sources: [], flagSettings: 'extra.json' })).settings.files).toEqual([
      flagFile,
    ]);
    const configDir = join(directories.root, 'config');
    write(join(configDir, 'settings.json'), json({ model: 'config-dir' }));
    const other = await load({ sources: ['user'], env: { CLAUDE_CONFIG_DIR: configDir } });
    expect(other.settings.model).toBe('config-dir');
  });

  it("SE-01 a missing --settings file is claude's usage error; no file at all loads nothing", async () => {
    await expect(load({ flagSettings: 'nope.json' })).rejects.toThrow(
      new UsageError(`Error: Settings file not found: ${join(directories.project, 'nope.json')}`),
    );
    expect(await load()).toEqual({
      settings: {
        allow: [],
        deny: [],
        ask: [],
        additionalDirectories: [],
        env: {},
        hooks: {},
        files: [],
      },
      diagnostics: [],
    });
  });

  it('SE-02 a syntax error names file:line:column and the reason; a wrong key its path; unknown keys are kept', async () => {
    const files = paths();
    write(files.project, '{\n  "model": "x",\n  oops\n}\n');
    const syntax = await load().catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(ConfigError);
    const [where, reason] = (syntax as Error).message.split('\n');
    expect(where).toBe(`Invalid ${files.project}:3:3:`);
    expect(reason).toMatch(
      /^ {2}- \(root\): \S.*\. Fix the JSON syntax of this Claude Code settings file\.$/,
    );
    write(
      files.project,
      json({
        permissions: { allow: 'Bash', defaultMode: 'yolo' },
        hooks: { Stop: [{ hooks: [{ type: 'command' }] }] },
      }),
    );
    const wrong = (await load().catch((error: unknown) => error)) as Error;
    expect(wrong.message).toContain('permissions.allow: must be a list of permission rules');
    expect(wrong.message).toContain('permissions.defaultMode: must be one of manual, default');
    expect(wrong.message).toContain(
      'hooks.Stop[0].hooks[0].command: a command hook needs a "command"',
    );
    write(
      files.project,
      json({
        statusLine: { type: 'command' },
        enabledPlugins: {},
        permissions: { deny: ['Bash'], future: 1 },
        env: { N: 5 },
      }),
    );
    expect((await load()).settings).toMatchObject({ deny: ['Bash'], env: { N: '5' } });
    const inline = await load({ flagSettings: '{"model": }' }).catch((error: unknown) => error);
    expect((inline as Error).message).toMatch(/^Invalid --settings:1:11:/);
  });

  it("SE-03 an untrusted workspace drops the project file's allow rules and directories, says so, keeps the rest", async () => {
    const files = paths();
    write(
      files.project,
      json({
        permissions: {
          allow: ['Bash(npm test:*)', 'Read'],
          deny: ['Bash(rm:*)'],
          additionalDirectories: ['../docs'],
        },
        env: { P: '1' },
        model: 'sonnet',
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      }),
    );
    write(files.user, json({ permissions: { allow: ['WebSearch'] } }));
    const { settings, diagnostics } = await load();
    expect(settings).toMatchObject({
      allow: ['WebSearch'],
      deny: ['Bash(rm:*)'],
      additionalDirectories: [],
      env: { P: '1' },
      model: 'sonnet',
    });
    expect(Object.keys(settings.hooks)).toEqual(['Stop']);
    expect(diagnostics).toEqual([
      `Ignoring 2 permissions.allow entries from .claude/settings.json: this workspace has not been trusted. Run Claude Code interactively here once and accept the trust dialog, or set projects[${JSON.stringify(directories.project)}].hasTrustDialogAccepted: true in ${files.trust}.`,
      `Ignoring 1 permissions.additionalDirectories entry from .claude/settings.json: this workspace has not been trusted. Run Claude Code interactively here once and accept the trust dialog, or set projects[${JSON.stringify(directories.project)}].hasTrustDialogAccepted: true in ${files.trust}.`,
    ]);
  });

  it("SE-03 trust is Claude Code's record for the folder or one above it, or a sandbox; a local file only counts when git tracks it", async () => {
    const files = paths();
    write(files.project, json({ permissions: { allow: ['Read'] } }));
    write(files.local, json({ permissions: { allow: ['Edit'] } }));
    expect((await load()).settings.allow).toEqual(['Edit']);
    expect((await load({ env: { CLAUDE_CODE_SANDBOXED: '1' } })).settings.allow).toEqual([
      'Read',
      'Edit',
    ]);
    write(
      files.trust,
      json({ projects: { [join(directories.root, 'work')]: { hasTrustDialogAccepted: true } } }),
    );
    expect((await load()).settings.allow).toEqual(['Read', 'Edit']);
    const configDir = join(directories.root, 'config');
    write(join(configDir, '.claude.json'), json({ projects: {} }));
    const elsewhere = await load({ env: { CLAUDE_CONFIG_DIR: configDir } });
    expect(elsewhere.diagnostics[0]).toContain(`true in ${join(configDir, '.claude.json')}.`);
    write(files.trust, '{}');
    execFileSync('git', ['init', '-q'], { cwd: directories.project });
    execFileSync('git', ['add', '.claude/settings.local.json'], { cwd: directories.project });
    const tracked = await load();
    expect(tracked.settings.allow).toEqual([]);
    expect(tracked.diagnostics[0]).toMatch(
      /^Ignoring 2 permissions.allow entries from \.claude\/settings\.json and \.claude\/settings\.local\.json:/,
    );
  });

  it('SE-06 hooks of every layer add up; disableAllHooks and managed allowManagedHooksOnly', async () => {
    const files = paths();
    const hook = (command: string) => ({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }],
    });
    write(files.user, json({ hooks: hook('user') }));
    write(files.project, json({ hooks: hook('project') }));
    const commands = async (options?: Partial<ClaudeSettingsOptions>) =>
      ((await load(options)).settings.hooks.PreToolUse ?? []).flatMap((matcher) =>
        matcher.hooks.map((entry) => entry.command),
      );
    expect(await commands()).toEqual(['user', 'project']);
    expect(await commands({ flagSettings: '{"disableAllHooks": true}' })).toEqual([]);
    write(files.managed, json({ allowManagedHooksOnly: true, hooks: hook('managed') }));
    expect(await commands()).toEqual(['managed']);
  });
});
