import { describe, expect, it } from 'vitest';
import { shapeOf } from '../__fixtures__/bridge-harness.js';
import { chunk, readyHarness } from '../__fixtures__/ready-harness.js';

describe('prompt turn', () => {
  it('seed#46 R-03 a prompt error ends the turn with an error result carrying the agent text', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(chunk('partial'));
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: -32603,
      message: 'Internal error',
      data: 'overloaded',
    });
    const result = harness.linesOf('result')[0];
    expect(result).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: 'Internal error (code -32603): overloaded',
    });
    expect(harness.linesOf('assistant')).toHaveLength(1);
  });

  it('seed#47 PR-07 PR-08 a steering send queues until the prompt returns, then one result for the whole turn', () => {
    const harness = readyHarness();
    harness.user('first');
    harness.update(chunk('A'));
    harness.user('second');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.endPrompt();
    expect(harness.sent('session/prompt')).toHaveLength(2);
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'second' },
    ]);
    expect(harness.linesOf('result')).toEqual([]);
    harness.update(chunk('B'));
    harness.endPrompt();
    const results = harness.linesOf('result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ result: 'B', num_turns: 2 });
  });

  it('seed#49 X-01 an agent exit mid-turn settles with an error result', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(chunk('half'));
    harness.bridge.onAgentExit({ code: 1, signal: null });
    const result = harness.linesOf('result')[0];
    expect(result).toMatchObject({
      is_error: true,
      result: 'The agent process exited mid-turn (code 1).',
      errors: ['The agent process exited mid-turn (code 1).'],
      stop_reason: 'process_exited',
    });
    expect(harness.clientLines.map(shapeOf).slice(-2)).toEqual([
      'assistant:text',
      'result/error_during_execution',
    ]);
  });

  it('X-01/H-20 the mid-turn result quotes the exit code and the stderr tail, in result and errors', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.bridge.onAgentExit({
      code: 1,
      signal: null,
      stderrTail: 'quota exhausted\nError: simulated failure\n',
    });
    const text =
      'The agent process exited mid-turn (code 1). stderr: quota exhausted\nError: simulated failure';
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ result: text, errors: [text], stop_reason: 'process_exited' }),
    ]);
  });

  it('X-01 a signal exit names the signal; a long stderr tail is cut at its start', () => {
    const harness = readyHarness();
    harness.user('hi');
    const tail = `${'x'.repeat(3000)}LAST LINE`;
    harness.bridge.onAgentExit({ code: null, signal: 'SIGKILL', stderrTail: tail });
    const [result] = harness.linesOf('result');
    expect(result?.result).toMatch(
      /^The agent process exited mid-turn \(signal SIGKILL\)\. stderr: …x+LAST LINE$/,
    );
    expect(String(result?.result).length).toBeLessThan(1600);
  });

  it('PR-05 after the agent exited a user line gets a no_session result', () => {
    const harness = readyHarness();
    harness.bridge.onAgentExit({ code: 0, signal: null });
    harness.user('hi');
    expect(harness.linesOf('result')[0]).toMatchObject({
      stop_reason: 'no_session',
      is_error: true,
    });
  });

  it('R-02 a refusal is an error result', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.endPrompt('refusal');
    expect(harness.linesOf('result')[0]).toMatchObject({
      is_error: true,
      result: 'The agent refused to continue.',
      stop_reason: 'refusal',
    });
  });

  it('R-01 duration_ms counts from the start of the client turn', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.advance(250);
    harness.endPrompt();
    expect(harness.linesOf('result')[0]).toMatchObject({ duration_ms: 250, duration_api_ms: 250 });
  });

  it('client-done once the client ended its input and the last turn settled', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.bridge.onClientEnd();
    expect(harness.actions.some((action) => action.type === 'stop-agent')).toBe(false);
    harness.endPrompt();
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });

  it('client-done at once when nothing runs', () => {
    const harness = readyHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });
});
