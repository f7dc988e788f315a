import { describe, expect, it } from 'vitest';
import { createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';
import { readyHarness } from '../__fixtures__/ready-harness.js';
import { control } from './__fixtures__/control-request.js';

/** A `mode` config option (build or plan) whose current value is `currentValue`. */
const modeOption = (currentValue: string) => ({
  id: 'mode',
  name: 'Mode',
  category: 'mode',
  type: 'select',
  currentValue,
  options: [
    { value: 'build', name: 'Build' },
    { value: 'plan', name: 'Plan' },
  ],
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
            configOptions: [modeOption('build')],
          },
        },
      },
    });
    harness.update({
      sessionUpdate: 'config_option_update',
      configOptions: [modeOption('plan')],
    });
    expect(harness.clientLines.at(-1)).toMatchObject({ subtype: 'status', permissionMode: 'plan' });
  });

  it('C-03 a mode exposed only as a config option is switched with session/set_config_option', () => {
    const harness = readyHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            configOptions: [modeOption('build')],
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

  it('C-05 LM-06: set_max_thinking_tokens is refused in-band when the agent has no thinking level; null is acknowledged', () => {
    const harness = createHarness();
    harness.initialize();
    harness.client({
      type: 'control_request',
      request_id: 'req_9',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 1024 },
    });
    expect(harness.clientLines.at(-1)).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'req_9',
        error: 'The thinking budget cannot be applied: the agent offers no thinking-level setting.',
      },
    });
    harness.client({
      type: 'control_request',
      request_id: 'req_10',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null },
    });
    expect(harness.clientLines.at(-1)).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'req_10' },
    });
  });
});
