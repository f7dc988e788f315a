import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAgentScenario } from '@agentbridge/test-kit';
import { fakeAcpAgentBinPath } from '@agentbridge/test-kit';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../__fixtures__/run-cli.js';
import {
  cancelGraceMs,
  faultConfig,
  faultScenarios,
  handshakeTimeoutMs,
  plantedSecrets,
  secretArguments,
  secretEnvironment,
  stopSequenceMs,
} from './__fixtures__/fault-scenarios.js';
import {
  childProcessesOf,
  isProcessGone,
  pollFor,
  processGroupMembers,
  readCommandLine,
  signalIfAlive,
} from './__fixtures__/process-table.js';
import {
  type BridgeRun,
  initializeRequest,
  isResult,
  isSystemInit,
  isTextDelta,
  startBridge,
  userMessage,
  type WireMessage,
} from './__fixtures__/start-bridge.js';

/** Generous: the suite runs on busy machines; the figures themselves are printed, not asserted. */
const slack = 10_000;
const interrupt = (requestId: string | number): WireMessage => ({
  type: 'control_request',
  request_id: requestId,
  request: { subtype: 'interrupt' },
});

/** Everything every run wrote on stdout and stderr: no planted secret may be in it. */
const written: string[] = [];
/** interrupt → result, client EOF → everything gone (ms), stated in the closing note. */
const measured: Record<string, number> = {};

describe.skipIf(process.platform !== 'linux')('the fault suite: misbehaving agents (/proc)', () => {
  let root: string;
  let work: string;
  const startedPids: number[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agentbridge-faults-'));
    work = join(root, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'package.json'), '{"name":"faults"}');
    writeFileSync(join(work, '.agentrc.yaml'), faultConfig);
  });
  afterEach(() => {
    for (const pid of startedPids.splice(0)) signalIfAlive(pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });
  afterAll(() => {
    console.info(`fault suite measurements (ms): ${JSON.stringify(measured)}`);
    // FT-08: a scan of every byte the suite's runs wrote.
    const everything = written.join('\n');
    for (const secret of Object.values(plantedSecrets)) expect(everything).not.toContain(secret);
    expect(everything).toContain('***');
  });

  /** The CLI in stream-json mode (or print mode with `printPrompt`) before `scenario`. */
  const start = (
    scenario: FakeAgentScenario,
    options: { printPrompt?: string; extraArgs?: string[] } = {},
  ): BridgeRun => {
    const bridge = startBridge({
      scenario,
      workDirectory: work,
      stateDirectory: join(root, 'state'),
      env: secretEnvironment,
      ...options,
      extraArgs: [...secretArguments, ...(options.extraArgs ?? [])],
    });
    startedPids.push(bridge.pid);
    return bridge;
  };

  /** The agent the CLI started (the child given a `--scenario`), once it runs. */
  const agentOf = async (bridge: BridgeRun): Promise<number> => {
    const agent = await pollFor(() =>
      childProcessesOf(bridge.pid).find((stat) =>
        readCommandLine(stat.pid)?.includes(' --scenario '),
      ),
    );
    expect(agent, 'the agent runs under the CLI').toBeDefined();
    startedPids.push(agent?.pid ?? 0);
    return agent?.pid ?? 0;
  };

  /** Waits for the CLI to exit; then no process of the agent's group may be left. */
  const finished = async (bridge: BridgeRun, agentPid: number) => {
    const exit = await bridge.waitForExit(60_000);
    written.push(JSON.stringify(bridge.messages), bridge.stderr());
    const gone = await pollFor(() =>
      isProcessGone(agentPid) && processGroupMembers(agentPid).length === 0 ? true : undefined,
    );
    expect(gone, 'no process of the agent is left').toBe(true);
    return exit;
  };

  const results = (bridge: BridgeRun) => bridge.messages.filter(isResult);

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

  it.each([
    ['hangsAtInitialize', /within 2000 ms/],
    ['hangsAtSessionNew', /within 2000 ms/],
    [
      'diesAtInitialize',
      /exited \(code 3\) before the ACP handshake finished\. stderr: dying: \*\*\*/,
    ],
    ['diesAtSessionNew', /exited \(code 3\) before the ACP handshake finished/],
    ['diesInPrompt', /exited mid-turn \(code 3\)\. stderr: [\s\S]*dying: \*\*\*/],
  ] as const)(
    'FT-01 X-01 %s: one error result in print mode, exit 1, nothing left',
    async (name, text) => {
      const started = performance.now();
      const bridge = start(faultScenarios[name], { printPrompt: 'hi' });
      const agent = await agentOf(bridge);
      expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
      expect(performance.now() - started).toBeLessThan(handshakeTimeoutMs + stopSequenceMs + slack);
      const printed = bridge.messages
        .filter((line) => line.type === 'text')
        .map((line) => line.text);
      expect(printed.join('\n')).toMatch(text);
    },
  );

  it('FT-02 an over-long line ends the turn and cancels its prompt; its late text never reaches the next turn', async () => {
    const bridge = start(faultScenarios.writesOverLongLine);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('first'));
    expect(await bridge.waitForMessage(isResult, 30_000)).toMatchObject({ is_error: true });
    bridge.send(userMessage('second'));
    expect(
      await bridge.waitForMessage((line) => results(bridge).length === 2 && isResult(line), 30_000),
    ).toBeDefined();
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 0, signal: null });
    const [first, second] = results(bridge);
    expect(String(first?.result)).toContain('longer than 33554432 bytes');
    expect(second).toMatchObject({ subtype: 'success', result: 'second answer' });
    const afterFirst = bridge.messages.slice(bridge.messages.indexOf(first ?? {}));
    expect(JSON.stringify(afterFirst)).not.toContain('LATE TEXT');
  });

  it('FT-02 a malformed line mid-prompt ends the turn with an error; EOF then stops the agent', async () => {
    const bridge = start(faultScenarios.writesMalformedLine);
    const agent = await agentOf(bridge);
    bridge.send(userMessage('work'));
    expect(await bridge.waitForMessage(isResult)).toMatchObject({
      is_error: true,
      result: expect.stringContaining('not valid JSON'),
    });
    bridge.endInput();
    expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
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

  it('FT-06 FT-09 print mode: a status line while the agent is silent; Ctrl-C says the run was interrupted', async () => {
    const bridge = start(faultScenarios.hangsInPrompt, { printPrompt: 'work' });
    const agent = await agentOf(bridge);
    expect(
      await pollFor(() => (bridge.stderr().includes('has been silent for') ? true : undefined)),
    ).toBe(true);
    expect(bridge.stderr()).toContain(
      'agentbridge: Custom ACP agent has been silent for 3 s; it last said: stdout echo: ***',
    );
    bridge.child.kill('SIGINT');
    expect(await finished(bridge, agent)).toEqual({ code: 130, signal: null });
    expect(bridge.stderr()).toContain(
      'agentbridge: interrupted (SIGINT); stopping Custom ACP agent',
    );
    const printed = bridge.messages.map((line) => line.text).join('\n');
    expect(printed).toContain('[Request interrupted by user]');
    expect(printed).not.toContain('exited mid-turn');
  });

  it('FT-10 -p with --await-initialize answers', async () => {
    const bridge = start(faultScenarios.answers, {
      printPrompt: 'hi',
      extraArgs: ['--await-initialize'],
    });
    const agent = await agentOf(bridge);
    expect(await finished(bridge, agent)).toEqual({ code: 0, signal: null });
    expect(bridge.messages).toContainEqual({ type: 'text', text: 'hello there' });
  });

  /** A print-mode run (`-p hi`) of `backend` whose command is the fake agent playing `scenario`. */
  const runPrint = async (
    backend: string,
    scenario: FakeAgentScenario,
    env: Record<string, string> = secretEnvironment,
  ) => {
    const file = join(work, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const agent = ['--agent-command', process.execPath, '--agent-arg', fakeAcpAgentBinPath];
    const scenarioArgs = ['--agent-arg=--scenario', '--agent-arg', file];
    const args = ['--backend', backend, ...agent, ...scenarioArgs, ...secretArguments, '-p', 'hi'];
    const run = await runCli(args, { cwd: work, env });
    written.push(run.stdout, run.stderr);
    return run;
  };

  it('FT-08 with --backend gemini its credential is masked on stdout too', async () => {
    const run = await runPrint('gemini', faultScenarios.failsWithSecrets);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('upstream said: ***');
  });

  it('FT-09 a sign-in failure names the key variable and the login command', async () => {
    const { GEMINI_API_KEY: _unset, ...withoutGeminiKey } = secretEnvironment;
    const run = await runPrint('gemini', faultScenarios.needsApiKey, withoutGeminiKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('GEMINI_API_KEY not set');
    expect(run.stderr).toContain(
      'agentbridge: signing in to Gemini CLI failed: set GEMINI_API_KEY, or run `agentbridge login gemini` once.',
    );
  });

  it('FT-09 a failed handshake quotes the agent stderr once', async () => {
    const run = await runPrint('acp', faultScenarios.diesAtInitialize);
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`.split('dying:')).toHaveLength(2);
  });
});
