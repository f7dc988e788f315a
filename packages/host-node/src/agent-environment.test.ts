import { describe, expect, it } from 'vitest';
import { claudeClientVariables, createAgentEnvironment } from './agent-environment.js';

describe('createAgentEnvironment', () => {
  it('X-03 drops the variables a Claude client sets for claude, keeps the rest', () => {
    const parent: Record<string, string> = { PATH: '/bin', HOME: '/home/u' };
    for (const name of claudeClientVariables) parent[name] = 'x';
    const environment = createAgentEnvironment({ parent, platform: 'linux' });
    expect(environment).toEqual({ PATH: '/bin', HOME: '/home/u' });
    expect(claudeClientVariables).toEqual(
      expect.arrayContaining([
        'CLAUDECODE',
        'CLAUDE_CODE_ENTRYPOINT',
        'CLAUDE_CODE_SESSION_ID',
        'CLAUDE_AGENT_SDK_VERSION',
        'CLAUDE_CODE_SDK_READS_SESSION_STATE',
        'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
        'CLAUDE_CODE_SDK_READS_STARTUP_MARKS',
      ]),
    );
  });

  it('adds backend defaults only where unset; configuration overrides always win', () => {
    const environment = createAgentEnvironment({
      parent: { A: 'parent', B: 'parent', SKIP: undefined },
      platform: 'linux',
      defaults: { A: 'default', C: 'default' },
      overrides: { B: 'config' },
    });
    expect(environment).toEqual({ A: 'parent', B: 'config', C: 'default' });
  });

  it('matches names case-insensitively on Windows', () => {
    const environment = createAgentEnvironment({
      parent: { Path: 'C:\\bin', ClaudeCode: '1' },
      platform: 'win32',
      defaults: { PATH: 'D:\\other' },
      overrides: { path: 'E:\\bin' },
    });
    expect(environment).toEqual({ path: 'E:\\bin' });
  });

  it('keeps the Claude client variables for a pass-through to a real claude when asked', () => {
    const environment = createAgentEnvironment({
      parent: { CLAUDE_CODE_SDK_READS_SESSION_STATE: '1', SECRET_TOKEN: 'x' },
      platform: 'linux',
      keepClaudeClientVariables: true,
      remove: ['SECRET_TOKEN'],
    });
    expect(environment).toEqual({ CLAUDE_CODE_SDK_READS_SESSION_STATE: '1' });
  });
});
