import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';

const codexLikeBackend = {
  specificationVersion: 'backend-v1',
  id: 'codex',
  displayName: 'Codex (codex-acp)',
  protocol: 'acp',
  launch: { command: 'codex-acp', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['codex-acp'], exitsOnStdinEof: false },
  hints: { login: { command: 'codex', args: ['login'] } },
  auth: { preferredMethodIds: [] },
  quirks: {},
} satisfies BackendManifest;

describe('handshake', () => {
  it('seed#1 H-01 A-01 initialize sends ACP initialize with no fs or terminal capability and nothing reaches the client yet', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    expect(harness.toAgentLines).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: 1,
          clientCapabilities: {
            fs: { readTextFile: false, writeTextFile: false },
            terminal: false,
          },
          clientInfo: { name: 'agentbridge', version: '' },
        },
      },
    ]);
    expect(harness.clientLines).toEqual([]);
    expect(harness.actions).toEqual([
      { type: 'start-timer', timerId: 'handshake', delayMs: 120000 },
    ]);
  });

  it('seed#2 H-10 H-11 H-12 H-05 answers initialize then emits system/init with models and session', () => {
    const harness = createHarness({ backend: { ...codexLikeBackend, displayName: 'Gemini CLI' } });
    harness.initialize();
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    const [answer, init] = harness.clientLines;
    expect(answer?.response.request_id).toBe('req_1');
    expect(answer?.response.response.models).toEqual([
      {
        value: 'gemini-2.5-pro',
        displayName: 'Gemini 2.5 Pro',
        description: '',
        resolvedModel: 'gemini-2.5-pro',
      },
      {
        value: 'gemini-2.5-flash',
        displayName: 'Gemini 2.5 Flash',
        description: 'fast',
        resolvedModel: 'gemini-2.5-flash',
      },
    ]);
    expect(answer?.response.response.acp_agent).toEqual({ name: 'gemini-cli', version: '0.9.0' });
    expect(answer?.response.response.agents).toEqual([]);
    expect(init).toMatchObject({
      session_id: 'sess-1',
      model: 'gemini-2.5-pro',
      cwd: '/proj',
      claude_code_version: 'gemini-cli 0.9.0',
      apiKeySource: 'none',
      permissionMode: 'default',
      acp_backend: 'Gemini CLI',
    });
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'sess-1',
        resumed: false,
      }),
    );
    expect(harness.actions).toContainEqual({ type: 'cancel-timer', timerId: 'handshake' });
  });

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

  it('seed#6 S-04 S-06 resume with loadSession uses session/load and drops the replay', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { 'session/load': 'hold' },
    });
    harness.initialize();
    const load = harness.lastRequest('session/load');
    expect(load.params).toMatchObject({ sessionId: 'old-1', cwd: '/proj' });
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'old' } },
      'old-1',
    );
    harness.update(
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'compact', description: 'c' }],
      },
      'old-1',
    );
    expect(harness.clientLines).toEqual([]);
    harness.respond(load.id, null);
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    expect(harness.clientLines[0]?.response.response.commands).toEqual([
      { name: 'compact', description: 'c', argumentHint: '' },
    ]);
    expect(harness.linesOf('system', 'init')[0]).toMatchObject({
      session_id: 'old-1',
      slash_commands: ['compact'],
    });
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'old-1',
        resumed: true,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('gap fix S-04 a loaded session keeps the model and mode lists it had during replay', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', model: 'gemini-2.5-flash' },
      script: { 'session/load': { result: seedSessionResult('old-1') } },
    });
    harness.initialize();
    expect(harness.clientLines[0]?.response.response.models).toHaveLength(2);
    expect(harness.sent('session/set_model')).toHaveLength(1);
  });

  it('S-01 an agent that can only resume gets session/resume (no replay expected)', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: {
        initialize: {
          result: seedInitializeResult({ loadSession: false, sessionCapabilities: { resume: {} } }),
        },
        'session/resume': { result: {} },
      },
    });
    harness.initialize();
    expect(harness.lastRequest('session/resume').params).toMatchObject({
      sessionId: 'old-1',
      cwd: '/proj',
    });
    expect(harness.sent('session/new')).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('old-1');
  });

  it('S-01 --fork-session with an agent that can fork continues in the forked session', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { fork: {} } }) },
        'session/fork': { result: seedSessionResult('forked-1') },
      },
    });
    harness.initialize();
    expect(harness.lastRequest('session/fork').params).toMatchObject({ sessionId: 'old-1' });
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('forked-1');
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'forked-1',
        resumed: true,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('S-01 --fork-session with an agent that cannot fork opens a new session, never the original, and warns', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: { 'session/new': { result: seedSessionResult('new-1') } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.sent('session/resume')).toEqual([]);
    expect(harness.sent('session/fork')).toEqual([]);
    expect(harness.lastRequest('session/new').params).not.toHaveProperty('sessionId');
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/success',
      'system/init',
      'system/informational',
    ]);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('new-1');
    expect(harness.linesOf('system', 'informational')[0]?.content).toBe(
      "The session 'old-1' could not be forked (the agent does not offer session/fork): a new session was started instead, without its history; the original session is unchanged.",
    );
    expect(harness.log.entries.map((entry) => entry.message)).toContain(
      'cannot fork the session; opening a new one',
    );
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'new-1',
        resumed: false,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('S-01 a session/fork answer without a sessionId never continues the original session', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { fork: {} } }) },
        'session/fork': { result: {} },
        'session/new': { result: seedSessionResult('new-1') },
      },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('new-1');
    expect(harness.linesOf('system', 'informational')[0]?.content).toContain(
      'session/fork returned no sessionId',
    );
  });

  it('S-02 additional directories are sent only to an agent that takes them', () => {
    const taking = createHarness({
      launch: { additionalDirectories: ['/extra'] },
      script: {
        initialize: {
          result: seedInitializeResult({ sessionCapabilities: { additionalDirectories: {} } }),
        },
      },
    });
    taking.initialize();
    expect(taking.lastRequest('session/new').params.additionalDirectories).toEqual(['/extra']);
    const refusing = createHarness({ launch: { additionalDirectories: ['/extra'] } });
    refusing.initialize();
    expect(refusing.lastRequest('session/new').params.additionalDirectories).toBeUndefined();
  });

  it('seed#7 S-01 resume without the loadSession capability falls back to session/new', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { initialize: { result: seedInitializeResult({ loadSession: false }) } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('sess-1');
  });

  it('seed#8 S-05 a load failure falls back to session/new and init carries the new id', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { 'session/load': { error: { code: -32002, message: 'Resource not found' } } },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('sess-1');
  });

  it('S-07 session/new without a sessionId fails the handshake', () => {
    const harness = createHarness({ script: { 'session/new': { result: {} } } });
    harness.initialize();
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/error',
      'result/error_during_execution',
    ]);
    expect(harness.clientLines[1]).toMatchObject({
      result: 'session/new returned no sessionId.',
      stop_reason: 'handshake_failed',
    });
  });

  it('H-02 H-20 an initialize error fails the handshake and asks the host to terminate the agent', () => {
    const harness = createHarness({
      script: { initialize: { error: { code: -32603, message: 'boom', data: { x: 1 } } } },
    });
    harness.initialize();
    expect(harness.clientLines[0]?.response).toEqual({
      subtype: 'error',
      request_id: 'req_1',
      error: 'initialize failed: boom (code -32603): {"x":1}',
    });
    expect(harness.actions).toContainEqual({
      type: 'stop-agent',
      reason: 'initialize failed: boom (code -32603): {"x":1}',
    });
  });

  it('H-03 a protocol version mismatch is only logged', () => {
    const harness = createHarness({
      script: { initialize: { result: { ...seedInitializeResult(), protocolVersion: 2 } } },
    });
    harness.initialize();
    expect(harness.linesOf('system', 'init')).toHaveLength(1);
    expect(harness.log.entries.some((entry) => entry.message.includes('protocolVersion'))).toBe(
      true,
    );
  });

  it('H-04 H-06 capabilities and auth methods are read from the initialize answer', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { initialize: { result: { protocolVersion: 1, authMethods: [{ name: 'no id' }] } } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]?.claude_code_version).toBe('');
  });

  it('H-07 the session is opened right after initialize', () => {
    const harness = createHarness();
    harness.initialize();
    expect(harness.toAgentLines.map((line) => line.method)).toEqual(['initialize', 'session/new']);
  });

  it('handshake deadline: the timer fails the handshake and terminates the agent', () => {
    const harness = createHarness({
      launch: { handshakeTimeoutMs: 5000 },
      script: { initialize: 'hold' },
    });
    harness.initialize();
    harness.user('hello');
    harness.bridge.onTimer('handshake');
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/error',
      'result/error_during_execution',
    ]);
    expect(harness.clientLines[1]?.result).toContain('within 5000 ms');
    expect(harness.actions.at(-1)).toMatchObject({ type: 'stop-agent' });
  });

  it('seed#24 N-06 H-13 available_commands_update re-emits system/init only for a client that never sent initialize', () => {
    const update = {
      sessionUpdate: 'available_commands_update',
      availableCommands: [
        { name: 'compact', description: '' },
        { name: 'help', description: '', input: { hint: 'topic' } },
      ],
    };
    const plain = createHarness();
    plain.user('hi');
    plain.update(update);
    const inits = plain.linesOf('system', 'init');
    expect(inits).toHaveLength(2);
    expect(inits[1]?.slash_commands).toEqual(['compact', 'help']);
    // An SDK client (it sent initialize) gets one system/init per turn, the change as commands_changed.
    const sdk = createHarness();
    sdk.initialize();
    sdk.user('hi');
    sdk.update(update);
    expect(sdk.linesOf('system', 'init')).toHaveLength(1);
    expect(sdk.linesOf('system', 'commands_changed')).toHaveLength(1);
    sdk.endPrompt();
    sdk.user('again');
    expect(sdk.linesOf('system', 'init').at(-1)?.slash_commands).toEqual(['compact', 'help']);
  });

  it('a user line before the handshake finished is queued, not failed; a client without initialize still gets a session', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('hi');
    expect(harness.toAgentLines.map((line) => line.method)).toEqual(['initialize']);
    harness.respond(1, seedInitializeResult());
    expect(harness.lastRequest('session/prompt').params).toEqual({
      sessionId: 'sess-1',
      prompt: [{ type: 'text', text: 'hi' }],
    });
    expect(harness.clientLines.map(shapeOf)).toEqual(['system/init']);
  });

  it('system/init once at session-ready and not again for an unchanged first turn, then at every turn start', () => {
    const harness = createHarness();
    harness.initialize();
    harness.user('one');
    expect(harness.linesOf('system', 'init')).toHaveLength(1);
    harness.endPrompt();
    harness.user('two');
    expect(harness.linesOf('system', 'init')).toHaveLength(2);
  });

  it('X-01 an agent exit during the handshake answers the pending initialize and the queued turn', () => {
    const harness = createHarness({ script: { 'session/new': 'hold' } });
    harness.initialize();
    harness.user('hi');
    harness.bridge.onAgentExit({ code: 1, signal: null });
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/error',
      'result/error_during_execution',
    ]);
    expect(harness.actions.some((action) => action.type === 'stop-agent')).toBe(false);
  });
});
