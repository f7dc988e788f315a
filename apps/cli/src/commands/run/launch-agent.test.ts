import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@agentbridge/core';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../argv/parse-command-line.js';
import { acpManifest } from '../../backends/builtin-backends.js';
import { cliVersion } from '../../cli-context.js';
import { resolveSettings } from '../../config/resolve-settings.js';
import { buildAcpLaunch } from './launch-agent.js';

const settings = resolveSettings({
  flags: { backend: 'acp' },
  env: { AGENTBRIDGE_STATE_DIR: '/state' },
  files: [],
  homeDirectory: '/home/u',
  platform: 'linux',
});

const project = mkdtempSync(join(tmpdir(), 'agentbridge-launch-'));
writeFileSync(join(project, 'prompt.txt'), 'from a file');
afterAll(() => rmSync(project, { recursive: true, force: true }));

function build(
  argv: readonly string[],
  overrides: Partial<Parameters<typeof buildAcpLaunch>[0]> = {},
) {
  return buildAcpLaunch({
    commandLine: parseCommandLine(argv),
    settings,
    manifest: acpManifest,
    cwd: project,
    mcpServers: {},
    agentCommand: '/usr/bin/agent',
    ...overrides,
  });
}

const sdk = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];

describe('buildAcpLaunch', () => {
  it('maps the SDK flags onto the bridge launch', () => {
    expect(
      build(
        [
          ...sdk,
          '--resume=abc',
          '--fork-session',
          '--include-partial-messages',
          '--replay-user-messages',
          '--permission-prompt-tool=stdio',
          '--allowedTools=Read,Bash(git status:*)',
          '--disallowedTools=WebFetch',
          '--add-dir=/tmp',
          '--add-dir=relative/dir',
          '--system-prompt',
          'be brief',
          '--append-system-prompt-file',
          'prompt.txt',
        ],
        {
          settings: {
            ...settings,
            model: 'm',
            permissionMode: 'plan',
            authMethod: 'oauth',
            handshakeTimeoutMs: 5000,
          },
          mcpServers: { echo: { command: 'echo' } },
          resume: { resumeSessionId: 'abc', forkSession: true },
        },
      ),
    ).toEqual({
      cwd: project,
      resumeSessionId: 'abc',
      forkSession: true,
      model: 'm',
      permissionMode: 'plan',
      authMethodId: 'oauth',
      systemPrompt: 'be brief',
      appendSystemPrompt: 'from a file',
      mcpServers: { echo: { command: 'echo' } },
      additionalDirectories: ['/tmp', join(project, 'relative', 'dir')],
      listSessions: true,
      includePartialMessages: true,
      replayUserMessages: true,
      permissionPromptTool: 'stdio',
      allowedTools: ['Read', 'Bash(git status:*)'],
      disallowedTools: ['WebFetch'],
      clientInfo: { name: 'agentbridge', title: 'agentbridge', version: cliVersion() },
      agentCommand: '/usr/bin/agent',
      handshakeTimeoutMs: 5000,
      limits: { ignoredOptions: [] },
    });
  });

  it('SN-12 the agent is asked for its own sessions only where transcripts are written', () => {
    expect(build(sdk).listSessions).toBe(true);
    expect(build([...sdk, '--no-session-persistence']).listSessions).toBeUndefined();
  });

  it('LM-01 LM-08 hands the limits to the bridge, with the flags no ACP agent can honour to tell in-band', () => {
    expect(build([...sdk, '--max-turns=2', '--tools', 'Read', '--betas', 'x']).limits).toEqual({
      maxTurns: 2,
      tools: ['Read'],
      ignoredOptions: ['betas'],
    });
  });

  it('SN-07 hands the resume plan to the bridge as it is', () => {
    const resume = { resumeSessionId: 'agent-1', conversationId: 'conv-1' };
    expect(build(sdk, { resume })).toMatchObject(resume);
    expect(build(sdk).resumeSessionId).toBeUndefined();
  });

  it('S-02: --await-initialize makes the bridge wait for the client initialize (the SDK sends mcpServers there)', () => {
    expect(build([...sdk, '--await-initialize']).awaitInitialize).toBe(true);
    expect(build(sdk).awaitInitialize).toBeUndefined();
  });

  it('FT-10 -p with --await-initialize works: print mode sends no initialize to wait for', () => {
    expect(build(['-p', 'hi', '--await-initialize']).awaitInitialize).toBeUndefined();
  });

  it('turns an unreadable prompt file into a usage error', () => {
    expect(() => build([...sdk, '--system-prompt-file', 'missing.txt'])).toThrow(UsageError);
    expect(() => build([...sdk, '--system-prompt-file', 'missing.txt'])).toThrow(
      'Error: cannot read --system-prompt-file missing.txt',
    );
  });
});
