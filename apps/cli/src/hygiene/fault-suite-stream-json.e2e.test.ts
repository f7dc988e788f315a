import { describe, expect, it } from 'vitest';
import { cancelGraceMs, faultScenarios, stopSequenceMs } from './__fixtures__/fault-scenarios.js';
import {
  initializeRequest,
  isResult,
  isSystemInit,
  isTextDelta,
  userMessage,
  type WireMessage,
} from './__fixtures__/start-bridge.js';
import { interrupt, slack, useFaultSuite } from './__fixtures__/use-fault-suite.js';

describe.skipIf(process.platform !== 'linux')('the fault suite: misbehaving agents (/proc)', () => {
  const { start, agentOf, finished, results, measured } = useFaultSuite();

  it('FT-01 FT-05 an agent hung in session/prompt that ignores session/cancel: interrupt → aborted result within the grace; EOF → all gone', async () => {
    const bridge = start(faultScenarios.hangsInPrompt);
    bridge.send(initializeRequest);
    expect(await bridge.waitForMessage(isSystemInit)).toBeDefined();
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();

    const interrupted = performance.now();
    bridge.send(interrupt(7));
    const answer = await bridge.waitForMessage(
      (line) => line.type === 'control_response' && (line.response as WireMessage).request_id === 7,
    );
    expect(answer?.response).toEqual({
      subtype: 'success',
      request_id: 7,
      response: { still_queued: [] },
    });
    const result = await bridge.waitForMessage(isResult);
    measured.interruptToResult = Math.round(performance.now() - interrupted);
    expect(result).toMatchObject({ is_error: true, terminal_reason: 'aborted_streaming' });
    expect(measured.interruptToResult).toBeLessThan(cancelGraceMs + slack);

    const ended = performance.now();
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
    measured.eofAfterAbortedTurnToGone = Math.round(performance.now() - ended);
    expect(results(bridge)).toHaveLength(1);
  });

  it('FT-03 a message after the abandoned turn waits the grace, then fails, and the stuck agent is stopped', async () => {
    const bridge = start(faultScenarios.hangsInPrompt);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();
    bridge.send(interrupt('i1'));
    expect(await bridge.waitForMessage(isResult)).toBeDefined();
    bridge.send(userMessage('next'));
    // The client keeps its input open: the CLI ends because the agent was stopped.
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
    expect(results(bridge).map((line) => line.stop_reason)).toEqual([null, 'no_session']);
    expect(String(results(bridge)[1]?.result)).toContain('did not finish its cancelled prompt');
  });

  it('FT-01 an agent that ignores cancel, stdin EOF and SIGTERM: interrupt and EOF → gone within the grace plus the stop sequence', async () => {
    const bridge = start(faultScenarios.hangsAndIgnoresStops);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();
    const ended = performance.now();
    bridge.send(interrupt('i1'));
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
    measured.interruptAndEofToGone = Math.round(performance.now() - ended);
    expect(measured.interruptAndEofToGone).toBeLessThan(cancelGraceMs + stopSequenceMs + slack);
    expect(results(bridge)).toEqual([
      expect.objectContaining({ terminal_reason: 'aborted_streaming' }),
    ]);
  });

  it('FT-04 an interrupt during a hung handshake gives one result; the deadline stops the agent without a second', async () => {
    const bridge = start(faultScenarios.hangsAtInitialize);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('hi'));
    bridge.send(interrupt(1));
    expect(await bridge.waitForMessage(isResult)).toMatchObject({
      terminal_reason: 'aborted_streaming',
    });
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
    expect(results(bridge)).toHaveLength(1);
  });

  it('GA-02 an over-long line is said in-band as a warning and dropped; the turn goes on', async () => {
    const bridge = start(faultScenarios.writesOverLongLine);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('first'));
    const result = await bridge.waitForMessage(isResult, 30_000);
    expect(result).toMatchObject({ subtype: 'success', result: 'first answer, then more' });
    const warnings = bridge.messages.filter(
      (line) => line.type === 'system' && line.subtype === 'informational',
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 'warning',
        content: expect.stringContaining('longer than 33554432 bytes'),
      }),
    ]);
    expect(bridge.messages.indexOf(warnings[0] ?? {})).toBeLessThan(
      bridge.messages.indexOf(result ?? {}),
    );
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 0, signal: null });
  });

  it('GA-01 F-04 malformed lines mid-prompt are logged and skipped; the turn goes on', async () => {
    const bridge = start(faultScenarios.writesMalformedLine);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isResult)).toMatchObject({
      subtype: 'success',
      result: 'working, still working',
    });
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 0, signal: null });
    expect(bridge.stderr()).toContain('not valid JSON');
  });

  it('GA-14 an agent silent mid-turn for stallTimeoutMs (.agentrc): prompt cancelled, error result saying so', async () => {
    const bridge = start(faultScenarios.hangsInPrompt);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();
    const result = await bridge.waitForMessage(isResult, 30_000);
    expect(result).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      errors: [expect.stringContaining('wrote nothing for 3 s')],
    });
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
    expect(results(bridge)).toHaveLength(1);
  });

  it('FT-08 secrets from every source are masked in results, errors, agent stderr and non-JSON stdout', async () => {
    const bridge = start(faultScenarios.failsWithSecrets, { extraArgs: ['--debug'] });
    const agent = await agentOf(bridge);
    bridge.send(userMessage('hi'));
    const result = await bridge.waitForMessage(isResult);
    expect(result?.result).toMatch(/^upstream said: (\*\*\* ){7}\*\*\*/);
    bridge.endInput();
    await finished(bridge, agent);
    expect(bridge.stderr()).toContain('stderr echo: ***');
    expect(bridge.stderr()).toContain('stdout echo: ***');
  });
});
