import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeAcpAgentBinPath, scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { fakeAgentArgs, jsonLines, runCli, sdkArgs, userLine } from '../__fixtures__/run-cli.js';
import { useCliProject } from '../__fixtures__/use-cli-project.js';
import { write } from '../config/__fixtures__/use-config-directories.js';

const project = useCliProject();
const settingsFile = () => join(project.directory, '.claude', 'settings.json');
const basic = () => fakeAgentArgs(scenarioPath('basic'));

describe('Claude Code settings files through the CLI (built CLI, fake agent)', () => {
  it('SE-03 an untrusted workspace: the project allow rules are dropped, said on stderr; the run goes on', async () => {
    write(settingsFile(), JSON.stringify({ permissions: { allow: ['Bash(npm test:*)'] } }));
    // In the home directory the project file is the user's own (never gated): HOME elsewhere.
    const home = join(project.directory, 'home');
    const result = await runCli([...sdkArgs, ...basic()], {
      cwd: project.directory,
      env: { HOME: home },
      stdin: `${userLine('hi')}\n`,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `agentbridge: warning: Ignoring 1 permissions.allow entry from .claude/settings.json: this workspace has not been trusted. Run Claude Code interactively here once and accept the trust dialog, or set projects[${JSON.stringify(project.directory)}].hasTrustDialogAccepted: true in ${join(home, '.claude.json')}.`,
    );
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });

  it('SE-02 a broken settings file stops the run before the agent starts, naming file:line:column', async () => {
    write(settingsFile(), '{\n  "model": "sonnet",\n  "env": [\n}\n');
    const result = await project.run([...sdkArgs, ...basic()], { stdin: `${userLine('hi')}\n` });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^agentbridge: error: Invalid ${settingsFile()}:4:1:\\n  - \\(root\\): `),
    );
    expect(result.stdout).toBe('');
  });

  it('SE-01 --setting-sources and --settings are checked as claude checks them', async () => {
    const bogus = await project.run([...sdkArgs, '--setting-sources', 'user,team', ...basic()]);
    expect(bogus).toMatchObject({
      code: 1,
      stderr:
        'Error processing --setting-sources: Invalid setting source: team. Valid options are: user, project, local\n',
    });
    const missing = await project.run([...sdkArgs, '--settings', 'nope.json', ...basic()]);
    expect(missing).toMatchObject({
      code: 1,
      stderr: `Error: Settings file not found: ${join(project.directory, 'nope.json')}\n`,
    });
  });

  it('SE-05 the settings env reaches the agent (the .agentrc env wins); --setting-sources= leaves the files out', async () => {
    const dump = join(project.directory, 'agent-env.txt');
    const agent = join(project.directory, 'agent.sh');
    writeFileSync(
      agent,
      `#!/bin/sh\nprintf '%s|%s' "$FROM_SETTINGS" "$SHARED" > ${dump}\nexec ${process.execPath} ${fakeAcpAgentBinPath} --scenario ${scenarioPath('basic')}\n`,
      { mode: 0o755 },
    );
    write(
      settingsFile(),
      JSON.stringify({ env: { FROM_SETTINGS: 'settings', SHARED: 'settings' } }),
    );
    write(join(project.directory, '.agentrc.json'), JSON.stringify({ env: { SHARED: 'agentrc' } }));
    const args = [...sdkArgs, '--backend', 'acp', '--agent-command', agent];
    const result = await project.run(args, { stdin: `${userLine('hi')}\n` });
    expect(result.code).toBe(0);
    expect(readFileSync(dump, 'utf8')).toBe('settings|agentrc');
    await project.run([...args, '--setting-sources='], { stdin: `${userLine('hi')}\n` });
    expect(readFileSync(dump, 'utf8')).toBe('|agentrc');
  });
});
