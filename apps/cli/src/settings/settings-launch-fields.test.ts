import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../argv/parse-command-line.js';
import { acpManifest } from '../backends/builtin-backends.js';
import { buildAcpLaunch } from '../commands/run/launch-agent.js';
import { resolveSettings } from '../config/resolve-settings.js';
import { mergeClaudeSettings } from './merge-claude-settings.js';
import { settingsLaunchFields } from './settings-launch-fields.js';

const merged = mergeClaudeSettings([
  {
    source: 'project',
    filePath: '/p/.claude/settings.json',
    settings: {
      model: 'sonnet',
      env: { FROM: 'settings' },
      permissions: {
        allow: ['Bash(npm test:*)'],
        deny: ['Bash(rm:*)'],
        ask: ['Bash(git push:*)'],
        additionalDirectories: ['../docs'],
        defaultMode: 'acceptEdits',
      },
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: './guard.sh', timeout: 5 },
              { type: 'prompt', prompt: 'is it safe?' },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'http', url: 'https://example.test' }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: 'npm run lint' }] }],
      },
    },
  },
]);

const launch = (
  argv: readonly string[],
  files = resolveSettings({
    flags: { backend: 'acp' },
    env: {},
    files: [],
    homeDirectory: '/h',
    platform: 'linux',
  }),
) =>
  buildAcpLaunch({
    commandLine: parseCommandLine(['-p', 'hi', ...argv]),
    settings: files,
    manifest: acpManifest,
    cwd: '/p',
    mcpServers: {},
    agentCommand: '/bin/agent',
    claude: settingsLaunchFields(merged),
  });

describe('settings in the launch', () => {
  it("SE-04 SE-06 rules add to the flags' rules; command hooks in ms; other hook types named in a notice", () => {
    expect(launch(['--allowedTools', 'Read', '--disallowedTools', 'WebFetch'])).toMatchObject({
      allowedTools: ['Read', 'Bash(npm test:*)'],
      disallowedTools: ['WebFetch', 'Bash(rm:*)'],
      askTools: ['Bash(git push:*)'],
      additionalDirectories: ['/docs'],
      commandHooks: {
        PreToolUse: [{ matcher: 'Bash', commands: [{ command: './guard.sh', timeoutMs: 5000 }] }],
        PostToolUse: [{ commands: [{ command: 'npm run lint', timeoutMs: 60_000 }] }],
      },
      notices: [
        'Settings hooks of type "prompt" (PreToolUse), "http" (Stop) cannot be run through an ACP agent and are ignored; command hooks run.',
      ],
    });
  });

  it('SE-05 the settings model and defaultMode apply; --model, --permission-mode and .agentrc win', () => {
    expect(launch([])).toMatchObject({ model: 'sonnet', permissionMode: 'acceptEdits' });
    const flags = parseCommandLine(['--model', 'opus', '--dangerously-skip-permissions']);
    const fromFlags = resolveSettings({
      flags: { backend: 'acp', model: flags.model, permissionMode: flags.permissionMode },
      env: {},
      files: [],
      homeDirectory: '/h',
      platform: 'linux',
    });
    expect(launch([], fromFlags)).toMatchObject({
      model: 'opus',
      permissionMode: 'bypassPermissions',
    });
    // SE-04: a settings deny still holds under --dangerously-skip-permissions (the bridge's policy).
    expect(launch([], fromFlags).disallowedTools).toEqual(['Bash(rm:*)']);
  });
});
