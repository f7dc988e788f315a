import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult, shapeOf } from '../__fixtures__/bridge-harness.js';

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
