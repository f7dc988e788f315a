import { describe, expect, it } from 'vitest';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';

describe('handshake', () => {
  it('seed#3 S-02 S-03 session/new carries cwd and the configured MCP servers (http header as name/value)', () => {
    const harness = createHarness({
      launch: {
        mcpServers: {
          tools: {
            type: 'http',
            url: 'http://127.0.0.1:4321/mcp',
            headers: { Authorization: 'Bearer tok' },
          },
          local: { command: 'mcp-local', args: ['--stdio'] },
        },
      },
    });
    harness.initialize();
    const params = harness.lastRequest('session/new').params;
    expect(params.cwd).toBe('/proj');
    expect(params.mcpServers).toContainEqual({
      type: 'http',
      name: 'tools',
      url: 'http://127.0.0.1:4321/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer tok' }],
    });
    expect(params.mcpServers).toContainEqual(
      expect.objectContaining({ name: 'local', command: 'mcp-local' }),
    );
    const init = harness.linesOf('system', 'init')[0];
    expect(init?.mcp_servers).toEqual(
      expect.arrayContaining([
        { name: 'tools', status: 'connected' },
        { name: 'local', status: 'connected' },
      ]),
    );
  });

  it('seed#4 S-03 an agent without http MCP gets no http server and init reports it failed', () => {
    const harness = createHarness({
      launch: { mcpServers: { tools: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } },
      script: {
        initialize: { result: seedInitializeResult({ mcpCapabilities: { http: false } }) },
      },
    });
    harness.initialize();
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]?.mcp_servers).toEqual([
      expect.objectContaining({ name: 'tools', status: 'failed' }),
    ]);
  });

  it('seed#5 S-20 S-21 C-04 permission mode maps to the agent mode and the start-up model is selected before init', () => {
    const harness = createHarness({
      launch: { permissionMode: 'acceptEdits', model: 'gemini-2.5-flash' },
      script: { 'session/set_model': 'hold', 'session/set_mode': 'hold' },
    });
    harness.initialize();
    const setModel = harness.lastRequest('session/set_model');
    expect(setModel.params).toEqual({ sessionId: 'sess-1', modelId: 'gemini-2.5-flash' });
    expect(harness.clientLines).toEqual([]);
    harness.respond(setModel.id, {});
    const setMode = harness.lastRequest('session/set_mode');
    expect(setMode.params).toEqual({ sessionId: 'sess-1', modeId: 'auto-edit' });
    expect(harness.clientLines).toEqual([]);
    harness.respond(setMode.id, {});
    const init = harness.linesOf('system', 'init')[0];
    expect(init).toMatchObject({ model: 'gemini-2.5-flash', permissionMode: 'acceptEdits' });
  });

  it('system/init reports the agent mode in effect, with one warning, when the start-up mode switch fails', () => {
    const harness = createHarness({
      launch: { permissionMode: 'bypassPermissions' },
      script: { 'session/set_mode': { error: { code: -32603, message: 'Internal error' } } },
    });
    harness.initialize();
    expect(harness.lastRequest('session/set_mode').params.modeId).toBe('yolo');
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/success',
      'system/init',
      'system/informational',
    ]);
    expect(harness.clientLines[0]?.response.response.current_permission_mode).toBe('default');
    expect(harness.linesOf('system', 'init')[0]?.permissionMode).toBe('default');
    const warning = harness.linesOf('system', 'informational')[0];
    expect(warning).toMatchObject({ level: 'warning', session_id: 'sess-1' });
    expect(warning?.content).toBe(
      "The requested permission mode 'bypassPermissions' could not be applied: switching failed (Internal error (code -32603)). The session runs in 'default' (agent mode 'default').",
    );
    // The warning is said once: the first turn neither repeats it nor the unchanged init.
    harness.user('hi');
    expect(harness.linesOf('system', 'informational')).toHaveLength(1);
  });

  it('system/init reports the agent mode in effect, with one warning, when the requested mode has no agent equivalent', () => {
    const session = seedSessionResult();
    session.modes = {
      currentModeId: 'auto-edit',
      availableModes: [
        { id: 'default', name: 'Default' },
        { id: 'auto-edit', name: 'Auto edit' },
      ],
    };
    const harness = createHarness({
      launch: { permissionMode: 'plan' },
      script: { 'session/new': { result: session } },
    });
    harness.user('hi');
    expect(harness.sent('session/set_mode')).toEqual([]);
    expect(harness.clientLines.map(shapeOf)).toEqual(['system/init', 'system/informational']);
    expect(harness.linesOf('system', 'init')[0]?.permissionMode).toBe('acceptEdits');
    expect(harness.linesOf('system', 'informational')[0]?.content).toBe(
      "The requested permission mode 'plan' could not be applied: the agent offers no equivalent mode. The session runs in 'acceptEdits' (agent mode 'auto-edit').",
    );
    expect(harness.sent('session/prompt')).toHaveLength(1);
  });

  it('an agent without modes runs its default: a default request gives no warning', () => {
    const session = seedSessionResult();
    delete session.modes;
    const harness = createHarness({
      launch: { permissionMode: 'default' },
      script: { 'session/new': { result: session } },
    });
    harness.initialize();
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    expect(harness.linesOf('system', 'init')[0]?.permissionMode).toBe('default');
  });

  it('gap fix H-10 system/init shows the model actually in effect when the start-up switch fails', () => {
    const harness = createHarness({
      launch: { model: 'gemini-2.5-flash' },
      script: { 'session/set_model': { error: { code: -32601, message: 'Method not found' } } },
    });
    harness.initialize();
    expect(harness.linesOf('system', 'init')[0]?.model).toBe('gemini-2.5-pro');
  });
});
