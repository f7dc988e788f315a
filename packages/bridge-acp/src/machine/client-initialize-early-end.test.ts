import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult, shapeOf } from '../__fixtures__/bridge-harness.js';

describe('agent exit during the handshake', () => {
  it('H-20: the handshake failure text carries the exit code and the stderr tail', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.user('hi');
    harness.bridge.onAgentExit({
      code: 3,
      signal: null,
      stderrTail: 'cannot read ~/.fake/config.toml\n',
    });
    const text =
      'The agent process exited (code 3) before the ACP handshake finished. stderr: cannot read ~/.fake/config.toml';
    expect(harness.clientLines).toEqual([
      {
        type: 'control_response',
        response: { subtype: 'error', request_id: 'req_1', error: text },
      },
      expect.objectContaining({
        type: 'result',
        result: text,
        errors: [text],
        stop_reason: 'handshake_failed',
      }),
    ]);
  });
});

describe('the client input ends early', () => {
  it('PR-01: an empty input ends quietly: client-done at once, nothing sent to the agent or the client', () => {
    const harness = createHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions).toEqual([{ type: 'stop-agent', reason: 'the client ended its input' }]);
    expect(harness.toAgentLines).toEqual([]);
    expect(harness.clientLines).toEqual([]);
  });

  it('H-11 PR-01: input that ends after initialize still gets the initialize answer; client-done comes after it', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.bridge.onClientEnd();
    expect(harness.actions.map((action) => action.type)).toEqual(['start-timer']);
    harness.respond(1, seedInitializeResult());
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    expect(harness.actions.map((action) => action.type)).toEqual([
      'start-timer',
      'agent-initialized',
      'session-opened',
      'cancel-timer',
      'stop-agent',
    ]);
  });

  it('X-01 PR-01: the agent stopping after client-done is no handshake failure: no result, no error', () => {
    const harness = createHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions).toEqual([{ type: 'stop-agent', reason: 'the client ended its input' }]);
    harness.bridge.onAgentExit({ code: 0, signal: null, stderrTail: '' });
    expect(harness.clientLines).toEqual([]);
    expect(harness.log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('X-01: an exit after client-done during the handshake cancels the deadline quietly', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('');
    harness.bridge.onClientEnd();
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
    harness.bridge.onAgentExit({ code: 0, signal: null });
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toEqual({ type: 'cancel-timer', timerId: 'handshake' });
  });
});
