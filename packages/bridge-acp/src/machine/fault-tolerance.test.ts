import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  type HarnessOptions,
  seedSessionResult,
} from '../__fixtures__/bridge-harness.js';

const chunk = (text: string) => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
});

const interrupt = (requestId: string | number = 'int_1') => ({
  type: 'control_request',
  request_id: requestId,
  request: { subtype: 'interrupt' },
});

/** A ready session with one prompt in flight that the agent never answers. */
function hungTurn(options: HarnessOptions = {}) {
  const harness = createHarness(options);
  harness.initialize();
  harness.user('work');
  harness.update(chunk('working'));
  return harness;
}

const timers = (harness: ReturnType<typeof createHarness>) =>
  harness.actions.filter(
    (action) => action.type === 'start-timer' || action.type === 'cancel-timer',
  );

const backendWithGrace: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'slow',
  displayName: 'Slow agent',
  protocol: 'acp',
  launch: { command: 'slow', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: [], exitsOnStdinEof: true, cancelGraceMs: 9000 },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: {},
};

describe('a stuck agent never hangs the client (cancel grace)', () => {
  it('FT-01 an interrupt arms the cancel grace (default 5 s, the backend value, the launch value)', () => {
    const graceOf = (options: HarnessOptions) => {
      const harness = hungTurn(options);
      harness.client(interrupt());
      return timers(harness).find(
        (action) => action.type === 'start-timer' && action.timerId === 'cancel-grace',
      );
    };
    expect(graceOf({})).toEqual({ type: 'start-timer', timerId: 'cancel-grace', delayMs: 5000 });
    expect(graceOf({ backend: backendWithGrace })).toMatchObject({ delayMs: 9000 });
    expect(graceOf({ backend: backendWithGrace, launch: { cancelGraceMs: 700 } })).toMatchObject({
      delayMs: 700,
    });
  });

  it('FT-01 the agent ignores session/cancel: at the grace the turn ends aborted anyway, with one result', () => {
    const harness = hungTurn();
    harness.client(interrupt());
    expect(harness.linesOf('result')).toEqual([]);
    harness.bridge.onTimer('cancel-grace');
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ is_error: true, terminal_reason: 'aborted_streaming' }),
    ]);
    // The prompt's answer after all: dropped, no second result.
    harness.endPrompt('cancelled');
    expect(harness.linesOf('result')).toHaveLength(1);
  });

  it('FT-01 an answer within the grace cancels the timer and ends the turn as before', () => {
    const harness = hungTurn();
    harness.client(interrupt());
    harness.endPrompt('cancelled');
    expect(timers(harness).slice(-2)).toEqual([
      { type: 'start-timer', timerId: 'cancel-grace', delayMs: 5000 },
      { type: 'cancel-timer', timerId: 'cancel-grace' },
    ]);
    harness.bridge.onTimer('cancel-grace');
    expect(harness.linesOf('result')).toHaveLength(1);
  });

  it("FT-02 after the grace the next message waits for the abandoned prompt; that prompt's late output is dropped", () => {
    const harness = hungTurn();
    const firstPrompt = harness.lastRequest('session/prompt').id;
    harness.client(interrupt());
    harness.bridge.onTimer('cancel-grace');
    harness.user('next');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(timers(harness).at(-1)).toEqual({
      type: 'start-timer',
      timerId: 'abandoned',
      delayMs: 5000,
    });
    harness.update(chunk('LATE'));
    harness.agent({
      jsonrpc: '2.0',
      id: 77,
      method: 'session/request_permission',
      params: { sessionId: 'sess-1', toolCall: { toolCallId: 't1' }, options: [] },
    });
    expect(harness.toAgentLines.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 77,
      result: { outcome: { outcome: 'cancelled' } },
    });
    harness.respond(firstPrompt, { stopReason: 'cancelled' });
    expect(timers(harness).at(-1)).toEqual({ type: 'cancel-timer', timerId: 'abandoned' });
    expect(harness.sent('session/prompt')).toHaveLength(2);
    harness.update(chunk('fresh'));
    harness.endPrompt();
    expect(harness.linesOf('result').map((line) => line.subtype)).toEqual([
      'error_during_execution',
      'success',
    ]);
    expect(harness.linesOf('result')[1]?.result).toBe('fresh');
    expect(JSON.stringify(harness.clientLines)).not.toContain('LATE');
  });

  it('FT-03 a message that waited the grace for the abandoned prompt in vain fails, and the stuck agent is stopped', () => {
    const harness = hungTurn();
    harness.client(interrupt());
    harness.bridge.onTimer('cancel-grace');
    harness.user('next');
    harness.bridge.onTimer('abandoned');
    const results = harness.linesOf('result');
    expect(results).toHaveLength(2);
    expect(results[1]).toMatchObject({ is_error: true, stop_reason: 'no_session' });
    expect(results[1]?.result).toContain('did not finish its cancelled prompt within 5000 ms');
    expect(harness.actions.filter((action) => action.type === 'stop-agent')).toHaveLength(1);
    harness.user('again');
    expect(harness.linesOf('result')).toHaveLength(3);
    expect(harness.sent('session/prompt')).toHaveLength(1);
  });

  it('FT-03 the client ending its input after an abandoned turn stops the agent at once', () => {
    const harness = hungTurn();
    harness.client(interrupt());
    harness.bridge.onTimer('cancel-grace');
    harness.bridge.onClientEnd();
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });

  it('FT-03 the input ending during the grace stops the agent once the turn ended at the grace', () => {
    const harness = hungTurn();
    harness.client(interrupt());
    harness.bridge.onClientEnd();
    expect(harness.actions.some((action) => action.type === 'stop-agent')).toBe(false);
    harness.bridge.onTimer('cancel-grace');
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toMatchObject({ type: 'stop-agent' });
  });
});

describe('one result per message, one answer per control request', () => {
  it('FT-04 an interrupt during a hung handshake gives one result; the deadline later gives no second', () => {
    const harness = createHarness({ script: { 'session/new': 'hold' } });
    harness.initialize('init_1');
    harness.user('hi');
    harness.client(interrupt());
    expect(harness.linesOf('result')).toHaveLength(1);
    harness.bridge.onTimer('handshake');
    expect(harness.linesOf('result')).toHaveLength(1);
    const answers = harness.linesOf('control_response').map((line) => line.response);
    expect(answers).toEqual([
      { subtype: 'success', request_id: 'int_1', response: { still_queued: [] } },
      expect.objectContaining({ subtype: 'error', request_id: 'init_1' }),
    ]);
  });

  it('FT-04 H-20 a client that sent only initialize still gets a handshake_failed result', () => {
    const harness = createHarness({ script: { 'session/new': 'hold' } });
    harness.initialize();
    harness.bridge.onTimer('handshake');
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ stop_reason: 'handshake_failed' }),
    ]);
  });

  it('FT-05 a numeric request_id is answered, echoed as a number; one without a usable id is logged', () => {
    const harness = createHarness();
    harness.client({ type: 'control_request', request_id: 0, request: { subtype: 'initialize' } });
    harness.client(interrupt(5));
    harness.client({
      type: 'control_request',
      request_id: 6,
      request: { subtype: 'rewind_files' },
    });
    harness.client({
      type: 'control_request',
      request_id: null,
      request: { subtype: 'interrupt' },
    });
    const answers = harness.linesOf('control_response').map((line) => line.response);
    expect(answers.map((answer) => [answer.request_id, answer.subtype])).toEqual([
      [0, 'success'],
      [5, 'success'],
      [6, 'error'],
    ]);
    expect(harness.log.entries.map((entry) => entry.message)).toContain(
      'control request without a string or number request_id: not answered',
    );
  });
});

describe('interrupted runs and unknown models say so', () => {
  it('FT-06 an agent the host stopped for its user ends the turn interrupted, not "exited mid-turn"', () => {
    const harness = hungTurn();
    harness.bridge.onAgentExit({ code: 0, signal: null, stopped: true });
    const [result] = harness.linesOf('result');
    expect(result).toMatchObject({ terminal_reason: 'aborted_streaming' });
    expect(JSON.stringify(result)).not.toContain('exited mid-turn');
  });

  it('FT-06 stopped before the handshake finished, the result says the run was interrupted', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('hi');
    harness.bridge.onAgentExit({ code: null, signal: 'SIGTERM', stopped: true });
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({
        result: 'Interrupted: the agent was stopped before it was ready.',
      }),
    ]);
  });

  it('FT-07 --model the agent does not list fails the handshake, naming the models it offers', () => {
    const harness = createHarness({ launch: { model: 'gemini-typo' } });
    harness.user('hi');
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({
        is_error: true,
        result:
          "The model 'gemini-typo' is not offered by the agent. Available models: gemini-2.5-pro, gemini-2.5-flash.",
      }),
    ]);
    expect(harness.actions.some((action) => action.type === 'stop-agent')).toBe(true);
  });

  it('FT-07 a display name, `default`, or an agent that lists no models is accepted', () => {
    for (const options of [
      { launch: { model: 'Gemini 2.5 Flash' } },
      { launch: { model: 'default' } },
      {
        launch: { model: 'anything' },
        script: { 'session/new': { result: { ...seedSessionResult(), models: null } } },
      },
    ]) {
      const harness = createHarness(options);
      harness.user('hi');
      expect(harness.sent('session/prompt')).toHaveLength(1);
    }
  });
});
