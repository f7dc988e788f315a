import { describe, expect, it } from 'vitest';
import { createHarness, seedSessionResult, shapeOf } from '../__fixtures__/bridge-harness.js';

function readyHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  harness.initialize();
  return harness;
}

const control = (requestId: string, request: Record<string, unknown>) => ({
  type: 'control_request',
  request_id: requestId,
  request,
});

describe('control requests', () => {
  it('seed#56 C-02 set_model forwards to session/set_model and answers with the model now in effect', () => {
    const harness = readyHarness({ script: { 'session/set_model': 'hold' } });
    harness.client(control('sm_1', { subtype: 'set_model', model: 'Gemini 2.5 Flash' }));
    const request = harness.lastRequest('session/set_model');
    expect(request.params).toEqual({ sessionId: 'sess-1', modelId: 'gemini-2.5-flash' });
    expect(harness.linesOf('control_response')).toHaveLength(1);
    harness.respond(request.id, {});
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'success',
      request_id: 'sm_1',
      response: { model: 'gemini-2.5-flash' },
    });
    harness.user('next');
    expect(harness.linesOf('system', 'init').at(-1)?.model).toBe('gemini-2.5-flash');
  });

  it('C-02 a set_model error is answered with the agent text', () => {
    const harness = readyHarness({
      script: { 'session/set_model': { error: { code: -32601, message: 'Method not found' } } },
    });
    harness.client(control('sm_1', { subtype: 'set_model', model: 'gemini-2.5-flash' }));
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'error',
      request_id: 'sm_1',
      error: 'Method not found (code -32601)',
    });
  });

  it('C-02 S-12 a model config option is switched with session/set_config_option', () => {
    const harness = readyHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            configOptions: [
              {
                id: 'model',
                name: 'Model',
                category: 'model',
                type: 'select',
                currentValue: 'sonnet',
                options: [
                  { value: 'sonnet', name: 'Sonnet' },
                  { value: 'opus', name: 'Opus' },
                ],
              },
            ],
          },
        },
      },
    });
    expect(
      harness.clientLines[0]?.response.response.models.map(
        (model: { value: string }) => model.value,
      ),
    ).toEqual(['sonnet', 'opus']);
    harness.client(control('sm_1', { subtype: 'set_model', model: 'opus' }));
    expect(harness.lastRequest('session/set_config_option').params).toEqual({
      sessionId: 'sess-1',
      configId: 'model',
      value: 'opus',
    });
    expect(harness.sent('session/set_model')).toEqual([]);
    expect(harness.clientLines.at(-1)?.response.response).toEqual({ model: 'opus' });
  });

  it('C-02 an agent without models or a model option refuses set_model', () => {
    const harness = readyHarness({
      script: { 'session/new': { result: { sessionId: 'sess-1' } } },
    });
    harness.client(control('sm_1', { subtype: 'set_model', model: 'x' }));
    expect(harness.sent('session/set_model')).toEqual([]);
    expect(harness.clientLines.at(-1)?.response.subtype).toBe('error');
  });

  it('C-02 set_model before a session exists answers "no session"', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.client(control('sm_1', { subtype: 'set_model', model: 'x' }));
    expect(harness.clientLines).toEqual([
      {
        type: 'control_response',
        response: { subtype: 'error', request_id: 'sm_1', error: 'no session' },
      },
    ]);
  });

  it('seed#57 C-03 set_permission_mode with no matching agent mode answers an error', () => {
    const harness = readyHarness();
    harness.client(control('pm_1', { subtype: 'set_permission_mode', mode: 'plan' }));
    expect(harness.sent('session/set_mode')).toEqual([]);
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'error',
      request_id: 'pm_1',
      error: "the agent offers no session mode matching 'plan'",
    });
  });

  it('seed#58 C-03 a known mode is forwarded to session/set_mode; the answer and system/status carry the mode', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.client(control('pm_1', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }));
    expect(harness.lastRequest('session/set_mode').params).toEqual({
      sessionId: 'sess-1',
      modeId: 'yolo',
    });
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual(['control_response/success', 'system/status']);
    expect(lines[0]?.response.response).toEqual({ mode: 'bypassPermissions' });
    expect(lines[1]).toMatchObject({ permissionMode: 'bypassPermissions', session_id: 'sess-1' });
  });

  it('seed#59 C-05 P-03 unsupported subtypes get the real CLI error with error_code', () => {
    const harness = readyHarness();
    harness.client(control('mcpr_1', { subtype: 'rewind_files', user_message_id: 'u-1' }));
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'error',
      request_id: 'mcpr_1',
      error: 'Unsupported control request subtype: rewind_files',
      error_code: 'unsupported_request',
    });
  });

  it('P-04 no control response is written for a request without request_id', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.client({ type: 'control_request', request: { subtype: 'mcp_reconnect' } });
    expect(harness.since(mark)).toEqual([]);
  });

  it('mcp_status answers the MCP server statuses', () => {
    const harness = readyHarness({ launch: { mcpServers: { local: { command: 'srv' } } } });
    harness.client(control('st_1', { subtype: 'mcp_status' }));
    expect(harness.clientLines.at(-1)?.response.response).toEqual({
      mcpServers: [{ name: 'local', status: 'connected' }],
    });
  });

  it('seed#60 F-01 A-04 an fs request from the agent gets method-not-found with its id', () => {
    const harness = readyHarness();
    harness.agent({ jsonrpc: '2.0', id: 99, method: 'fs/read_text_file', params: { path: '/x' } });
    expect(harness.toAgentLines.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 99,
      error: {
        code: -32601,
        message: 'Method not supported by this client: fs/read_text_file',
        data: { method: 'fs/read_text_file' },
      },
    });
  });

  it('seed#61 F-04 P-01 non-JSON lines are logged, not forwarded, on both sides', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    const agentMark = harness.toAgentLines.length;
    harness.agent('Please visit https://example.com/login');
    harness.agent('{not json');
    harness.client('garbage');
    harness.client('[1,2]');
    expect(harness.since(mark)).toEqual([]);
    expect(harness.toAgentLines.slice(agentMark)).toEqual([]);
  });

  it('P-02 keep_alive, unknown types and the client control_cancel_request are ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.client({ type: 'keep_alive' });
    harness.client({ type: 'control_cancel_request', request_id: 'x' });
    harness.client({ type: 'assistant', message: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('F-02 an unmatched response is ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.agent({ jsonrpc: '2.0', id: 4242, result: {} });
    harness.agent({ jsonrpc: '2.0', id: '2', result: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('N-01 notifications other than session/update are ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.agent({ jsonrpc: '2.0', method: '_x.ai/session/prompt_complete', params: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('gap fix S-22 session/update for another session id is ignored', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'other' } },
      'sess-2',
    );
    harness.endPrompt();
    expect(harness.linesOf('assistant')).toEqual([]);
  });

  it('gap fix N-03 current_mode_update is tracked and surfaced as system/status', () => {
    const harness = readyHarness();
    harness.update({ sessionUpdate: 'current_mode_update', currentModeId: 'auto-edit' });
    expect(harness.clientLines.at(-1)).toMatchObject({
      type: 'system',
      subtype: 'status',
      permissionMode: 'acceptEdits',
    });
    harness.user('x');
    expect(harness.linesOf('system', 'init').at(-1)?.permissionMode).toBe('acceptEdits');
  });

  it('gap fix S-13 config_option_update changes the current mode and is surfaced', () => {
    const harness = readyHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            configOptions: [
              {
                id: 'mode',
                name: 'Mode',
                category: 'mode',
                type: 'select',
                currentValue: 'build',
                options: [
                  { value: 'build', name: 'Build' },
                  { value: 'plan', name: 'Plan' },
                ],
              },
            ],
          },
        },
      },
    });
    harness.update({
      sessionUpdate: 'config_option_update',
      configOptions: [
        {
          id: 'mode',
          name: 'Mode',
          category: 'mode',
          type: 'select',
          currentValue: 'plan',
          options: [
            { value: 'build', name: 'Build' },
            { value: 'plan', name: 'Plan' },
          ],
        },
      ],
    });
    expect(harness.clientLines.at(-1)).toMatchObject({ subtype: 'status', permissionMode: 'plan' });
  });

  it('C-03 a mode exposed only as a config option is switched with session/set_config_option', () => {
    const harness = readyHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            configOptions: [
              {
                id: 'mode',
                name: 'Mode',
                category: 'mode',
                type: 'select',
                currentValue: 'build',
                options: [
                  { value: 'build', name: 'Build' },
                  { value: 'plan', name: 'Plan' },
                ],
              },
            ],
          },
        },
      },
    });
    harness.client(control('pm_1', { subtype: 'set_permission_mode', mode: 'plan' }));
    expect(harness.lastRequest('session/set_config_option').params).toEqual({
      sessionId: 'sess-1',
      configId: 'mode',
      value: 'plan',
    });
    expect(harness.linesOf('control_response').at(-1)?.response.response).toEqual({ mode: 'plan' });
  });

  it('a mode-change chunk (quirks.modeChangeChunkPattern) is a mode change, not text', () => {
    const harness = readyHarness({
      backend: {
        specificationVersion: 'backend-v1',
        id: 'gemini',
        displayName: 'Gemini CLI',
        protocol: 'acp',
        launch: { command: 'gemini', args: [] },
        probe: {},
        env: { forward: [], credentials: [] },
        process: { names: [], exitsOnStdinEof: true },
        hints: {},
        auth: { preferredMethodIds: [] },
        quirks: { modeChangeChunkPattern: '^\\[MODE_UPDATE\\] (\\S+)$' },
      },
    });
    harness.user('go');
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: '[MODE_UPDATE] yolo' },
    });
    harness.endPrompt();
    expect(harness.linesOf('assistant')).toEqual([]);
    expect(harness.linesOf('system', 'status').at(-1)?.permissionMode).toBe('bypassPermissions');
  });

  it('N-06 commands announced before the session/new answer reach the initialize answer', () => {
    const harness = createHarness({ script: { 'session/new': 'hold' } });
    harness.initialize();
    harness.update({
      sessionUpdate: 'available_commands_update',
      availableCommands: [{ name: 'review', description: 'Review' }],
    });
    harness.update(
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'other', description: '' }],
      },
      'sess-9',
    );
    harness.respond(harness.lastRequest('session/new').id, seedSessionResult());
    expect(harness.clientLines[0]?.response.response.commands).toEqual([
      { name: 'review', description: 'Review', argumentHint: '' },
    ]);
  });

  it('a second initialize after the session is ready is answered again', () => {
    const harness = readyHarness();
    harness.initialize('req_2');
    expect(harness.clientLines.at(-1)?.response).toMatchObject({
      subtype: 'success',
      request_id: 'req_2',
    });
    expect(harness.sent('initialize')).toHaveLength(1);
  });

  it('S-10 S-11 the initialize answer lists catalog models as ModelInfo', () => {
    const harness = readyHarness({
      script: { 'session/new': { result: seedSessionResult('s-9') } },
    });
    expect(harness.clientLines[0]?.response.response.models[0]).toEqual({
      value: 'gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      description: '',
      resolvedModel: 'gemini-2.5-pro',
    });
  });
});
