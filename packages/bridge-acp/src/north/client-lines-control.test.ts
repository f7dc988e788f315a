import { describe, expect, it } from 'vitest';
import { wire } from '../__fixtures__/wire.js';
import {
  alwaysAllowSuggestion,
  buildCanUseTool,
  buildControlCancelRequest,
  buildControlError,
  buildControlSuccess,
  buildInitializeResponse,
  toModelInfos,
  toSlashCommands,
} from './client-lines.js';

describe('client lines', () => {
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
