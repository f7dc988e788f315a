import type { BackendManifest, BackendQuirks } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSessionResult } from '../__fixtures__/bridge-harness.js';

const loadReplayTimerId = 'load-replay';

function geminiLike(quirks: BackendQuirks): BackendManifest {
  return {
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
    quirks,
  };
}

const text = (value: string) => ({ type: 'text', text: value });

describe('session updates outside a turn', () => {
  it('S-06 seed §4.1 item 14: replay updates after the session/load answer (Gemini) never reach the next turn', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      backend: geminiLike({ loadReplaySettleMs: 300 }),
      script: { 'session/load': 'hold' },
    });
    harness.initialize();
    // The SDK writes its user line right after `initialize`: the turn waits for the session.
    harness.user('What was it?');
    const load = harness.lastRequest('session/load');
    harness.update(
      { sessionUpdate: 'user_message_chunk', content: text('<session_context>') },
      'old-1',
    );
    harness.respond(load.id, seedSessionResult('old-1'));
    expect(harness.actions.at(-1)).toEqual({
      type: 'start-timer',
      timerId: loadReplayTimerId,
      delayMs: 300,
    });
    harness.update({ sessionUpdate: 'user_message_chunk', content: text('Remember 42.') }, 'old-1');
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: text('Remembered: the answer is 42.') },
      'old-1',
    );
    harness.update(
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'memory', description: 'Memory' }],
      },
      'old-1',
    );
    // Each replay update restarts the quiet period; no prompt goes out meanwhile.
    expect(
      harness.actions.filter(
        (action) => action.type === 'start-timer' && action.timerId === loadReplayTimerId,
      ),
    ).toHaveLength(4);
    expect(harness.sent('session/prompt')).toEqual([]);
    harness.bridge.onTimer(loadReplayTimerId);
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.update({ sessionUpdate: 'agent_message_chunk', content: text('It was 42.') }, 'old-1');
    harness.endPrompt();
    const assistantText = harness
      .linesOf('assistant')
      .flatMap((line) => line.message.content)
      .filter((block) => block.type === 'text');
    expect(assistantText).toEqual([text('It was 42.')]);
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ subtype: 'success', result: 'It was 42.', session_id: 'old-1' }),
    ]);
    expect(harness.linesOf('system', 'init').at(-1)?.slash_commands).toEqual(['memory']);
    expect(JSON.stringify(harness.clientLines)).not.toContain('Remember');
  });

  it('S-06 without the quirk the session/load answer ends the replay (no settle timer)', () => {
    const harness = createHarness({ launch: { resumeSessionId: 'old-1' } });
    harness.initialize();
    harness.user('hi');
    expect(
      harness.actions.some((action) => 'timerId' in action && action.timerId === loadReplayTimerId),
    ).toBe(false);
    expect(harness.sent('session/prompt')).toHaveLength(1);
  });

  it('gap fix ST-07 T-33: content updates while the turn waits for the session are dropped; state updates apply', () => {
    const harness = createHarness({
      launch: { model: 'gemini-2.5-flash' },
      script: { 'session/set_model': 'hold' },
    });
    harness.initialize();
    harness.user('go');
    expect(harness.sent('session/prompt')).toEqual([]);
    harness.update({ sessionUpdate: 'agent_message_chunk', content: text('stray text') });
    harness.update({ sessionUpdate: 'agent_thought_chunk', content: text('stray thought') });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'stray_1',
      title: 'ls',
      kind: 'execute',
      status: 'completed',
    });
    harness.update({ sessionUpdate: 'current_mode_update', currentModeId: 'yolo' });
    harness.respond(harness.lastRequest('session/set_model').id, {});
    harness.update({ sessionUpdate: 'agent_message_chunk', content: text('real') });
    harness.endPrompt();
    const blocks = harness.linesOf('assistant').flatMap((line) => line.message.content);
    expect(blocks).toEqual([text('real')]);
    expect(harness.linesOf('result')[0]).toMatchObject({ result: 'real' });
    expect(harness.linesOf('user')).toEqual([]);
    expect(harness.linesOf('system', 'init').at(-1)?.permissionMode).toBe('bypassPermissions');
  });

  it('gap fix T-33: a permission request while no prompt is in flight is answered cancelled exactly once', () => {
    const harness = createHarness({
      launch: { model: 'gemini-2.5-flash', permissionPromptTool: 'stdio' },
      script: { 'session/set_model': 'hold' },
    });
    harness.initialize();
    harness.user('go');
    harness.agent({
      jsonrpc: '2.0',
      id: 9,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: 'p1', title: 'rm x', kind: 'execute' },
        options: [{ optionId: 'no', name: 'No', kind: 'reject_once' }],
      },
    });
    harness.respond(harness.lastRequest('session/set_model').id, {});
    harness.endPrompt();
    const answers = harness.toAgentLines.filter((line) => line.id === 9);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 9, result: { outcome: { outcome: 'cancelled' } } },
    ]);
    expect(harness.linesOf('control_request')).toEqual([]);
  });

  it('quirks.modeChangeChunkPattern still applies outside a turn', () => {
    const harness = createHarness({
      backend: geminiLike({ modeChangeChunkPattern: '^\\[MODE_UPDATE\\] (\\S+)$' }),
    });
    harness.initialize();
    harness.update({ sessionUpdate: 'agent_message_chunk', content: text('[MODE_UPDATE] yolo') });
    expect(harness.linesOf('system', 'status').at(-1)?.permissionMode).toBe('bypassPermissions');
    expect(harness.linesOf('assistant')).toEqual([]);
  });
});
