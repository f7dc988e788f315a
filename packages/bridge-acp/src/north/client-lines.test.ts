import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from '../__fixtures__/assert-known-server-line.js';
import {
  agentVersionText,
  alwaysAllowSuggestion,
  buildCanUseTool,
  buildControlCancelRequest,
  buildControlError,
  buildControlSuccess,
  buildInitializeResponse,
  buildInterruptionMarker,
  buildSystemInit,
  buildSystemStatus,
  buildSystemWarning,
  buildToolResult,
  buildUserReplay,
  toModelInfos,
  toSlashCommands,
} from './client-lines.js';

// biome-ignore lint/suspicious/noExplicitAny: assertions read parsed wire lines loosely
type Line = Record<string, any>;

/** Serialises and parses a line as the client reads it; it must be a message core models, valid. */
function wire(line: Record<string, unknown>): Line {
  const parsed = JSON.parse(JSON.stringify(line));
  assertKnownServerLine(parsed);
  return parsed;
}

const identity = { sessionId: 'sess-1', uuid: 'uuid-1' };

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

  it('H-11 the initialize answer lists SlashCommands and ModelInfos as the SDK expects', () => {
    const line = wire(
      buildInitializeResponse({
        requestId: 'req_1',
        commands: toSlashCommands([
          { name: 'compact', description: 'Compact the conversation', input: { hint: 'focus' } },
          { name: 'help' },
          { name: '' },
          'junk',
        ]),
        models: toModelInfos([
          { id: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro', description: 'smart' },
          { id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' },
        ]),
        agentName: 'gemini-cli',
        agentVersion: '0.9.0',
        permissionMode: 'default',
      }),
    );
    expect(line).toEqual({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: 'req_1',
        response: {
          commands: [
            { name: 'compact', description: 'Compact the conversation', argumentHint: 'focus' },
            { name: 'help', description: '', argumentHint: '' },
          ],
          agents: [],
          output_style: 'default',
          available_output_styles: ['default'],
          models: [
            {
              value: 'gemini-2.5-pro',
              displayName: 'Gemini 2.5 Pro',
              description: 'smart',
              resolvedModel: 'gemini-2.5-pro',
            },
            {
              value: 'gemini-2.5-flash',
              displayName: 'Gemini 2.5 Flash',
              description: '',
              resolvedModel: 'gemini-2.5-flash',
            },
          ],
          account: {},
          current_permission_mode: 'default',
          acp_agent: { name: 'gemini-cli', version: '0.9.0' },
        },
      },
    });
  });

  it('N-06 toSlashCommands reads nothing from a non-array', () => {
    expect(toSlashCommands(undefined)).toEqual([]);
    expect(toSlashCommands({ name: 'x' })).toEqual([]);
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

  it('PR-03 the replay echo is a user line with isReplay true and the text as one block', () => {
    expect(wire(buildUserReplay({ ...identity, content: 'look here' }))).toEqual({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'look here' }] },
      parent_tool_use_id: null,
      session_id: 'sess-1',
      uuid: 'uuid-1',
      isReplay: true,
    });
    const blocks = [
      { type: 'text', text: 'a' },
      { type: 'image', source: { type: 'base64' } },
    ];
    expect(wire(buildUserReplay({ ...identity, content: blocks })).message.content).toEqual(blocks);
  });

  it('T-30 a tool_result line carries the call id, a string content and is_error', () => {
    expect(
      wire(
        buildToolResult({ ...identity, toolUseId: 'call_1', content: 'total 0', isError: false }),
      ),
    ).toEqual({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: 'total 0', is_error: false },
        ],
      },
      parent_tool_use_id: null,
      session_id: 'sess-1',
      uuid: 'uuid-1',
    });
  });

  it('T-30 T-22 a tool_result with pictures carries block content and the structured output', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'AAAA' },
    };
    const line = wire(
      buildToolResult({
        ...identity,
        toolUseId: 'call_2',
        content: [{ type: 'text', text: 'shot' }, image],
        isError: true,
        toolUseResult: { exitCode: 1 },
      }),
    );
    expect(line.message.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_2',
      content: [{ type: 'text', text: 'shot' }, image],
      is_error: true,
    });
    expect(line.tool_use_result).toEqual({ exitCode: 1 });
    expect(line).not.toHaveProperty('isReplay');
  });

  it('C-01 the interruption markers use the real CLI texts', () => {
    expect(wire(buildInterruptionMarker({ ...identity, forToolUse: false })).message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '[Request interrupted by user]' }],
    });
    expect(
      wire(buildInterruptionMarker({ ...identity, forToolUse: true })).message.content[0].text,
    ).toBe('[Request interrupted by user for tool use]');
  });

  it('C-01 control success answers carry the request id and an optional response', () => {
    expect(wire(buildControlSuccess('int_2', { still_queued: [] }))).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'int_2', response: { still_queued: [] } },
    });
    expect(wire(buildControlSuccess('ack'))).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'ack' },
    });
  });

  it('C-05 control errors carry the message and an error_code', () => {
    expect(
      wire(
        buildControlError(
          'mcpr_1',
          'Unsupported control request subtype: mcp_reconnect',
          'unsupported_request',
        ),
      ),
    ).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'mcpr_1',
        error: 'Unsupported control request subtype: mcp_reconnect',
        error_code: 'unsupported_request',
      },
    });
    expect(wire(buildControlError('x', 'no session')).response).not.toHaveProperty('error_code');
  });

  it('PM-02 can_use_tool carries tool name, display name, input, tool_use_id and suggestions', () => {
    const line = wire(
      buildCanUseTool({
        requestId: 'acp-perm-1',
        toolName: 'Bash',
        displayName: 'rm -rf build',
        input: { command: 'rm -rf build' },
        toolUseId: 'call_p',
        permissionSuggestions: [alwaysAllowSuggestion('Bash')],
      }),
    );
    expect(line).toEqual({
      type: 'control_request',
      request_id: 'acp-perm-1',
      request: {
        subtype: 'can_use_tool',
        tool_name: 'Bash',
        display_name: 'rm -rf build',
        input: { command: 'rm -rf build' },
        permission_suggestions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash' }],
            behavior: 'allow',
            destination: 'session',
          },
        ],
        tool_use_id: 'call_p',
      },
    });
  });

  it('PM-02 without an allow_always option there are no suggestions and no display name', () => {
    const request = wire(
      buildCanUseTool({
        requestId: 'acp-perm-2',
        toolName: 'mcp__fs__write',
        input: {},
        toolUseId: 'call_q',
        permissionSuggestions: [],
      }),
    ).request;
    expect(request.permission_suggestions).toEqual([]);
    expect(request).not.toHaveProperty('display_name');
  });

  it('PM-07 control_cancel_request withdraws a pending can_use_tool', () => {
    expect(wire(buildControlCancelRequest('acp-perm-3'))).toEqual({
      type: 'control_cancel_request',
      request_id: 'acp-perm-3',
    });
  });
});
