import { describe, expect, it } from 'vitest';
import { identity, wire } from '../__fixtures__/wire.js';
import {
  agentVersionText,
  buildSystemInit,
  buildSystemStatus,
  buildSystemWarning,
} from './client-lines.js';

describe('client lines', () => {
  it('H-12 system/init carries the seed fields plus the real CLI’s', () => {
    const line = wire(
      buildSystemInit({
        ...identity,
        cwd: '/work/proj',
        model: 'gemini-2.5-pro',
        permissionMode: 'acceptEdits',
        slashCommands: ['compact', 'help'],
        mcpServers: [
          { name: 'fs', status: 'connected' },
          { name: 'remote', status: 'failed', error: 'the agent takes no sse servers' },
        ],
        agentName: 'gemini-cli',
        agentVersion: '0.9.0',
        backendName: 'Gemini CLI',
      }),
    );
    expect(line).toEqual({
      type: 'system',
      subtype: 'init',
      cwd: '/work/proj',
      session_id: 'sess-1',
      tools: [],
      mcp_servers: [
        { name: 'fs', status: 'connected' },
        { name: 'remote', status: 'failed', error: 'the agent takes no sse servers' },
      ],
      model: 'gemini-2.5-pro',
      permissionMode: 'acceptEdits',
      slash_commands: ['compact', 'help'],
      apiKeySource: 'none',
      claude_code_version: 'gemini-cli 0.9.0',
      output_style: 'default',
      agents: [],
      skills: [],
      plugins: [],
      acp_backend: 'Gemini CLI',
      uuid: 'uuid-1',
    });
  });

  it('H-12 claude_code_version is "name version", the version alone, or the name alone', () => {
    expect(agentVersionText('qwen-code', '1.2.0')).toBe('qwen-code 1.2.0');
    expect(agentVersionText(undefined, '1.2.0')).toBe('1.2.0');
    expect(agentVersionText('kimi', '')).toBe('kimi');
    expect(agentVersionText(' ', undefined)).toBe('');
  });

  it('C-03 system/status reports the permission mode now in effect', () => {
    expect(wire(buildSystemStatus({ ...identity, permissionMode: 'plan' }))).toEqual({
      type: 'system',
      subtype: 'status',
      status: null,
      permissionMode: 'plan',
      session_id: 'sess-1',
      uuid: 'uuid-1',
    });
  });

  it('a system warning (e.g. a tool that ran without asking) is an informational line at level warning', () => {
    expect(wire(buildSystemWarning({ ...identity, content: 'Bash ran without asking.' }))).toEqual({
      type: 'system',
      subtype: 'informational',
      content: 'Bash ran without asking.',
      level: 'warning',
      session_id: 'sess-1',
      uuid: 'uuid-1',
    });
  });
});
