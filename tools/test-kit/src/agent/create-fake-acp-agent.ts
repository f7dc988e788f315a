import { setImmediate as realSetImmediate } from 'node:timers';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { AnyMessage } from '@agentclientprotocol/sdk';
import { RequestError } from '@agentclientprotocol/sdk';
import type { FakeAgentScenario } from '../scenario/fake-agent-scenario.js';
import { parseScenario } from '../scenario/load-scenario.js';
import type { TranscriptEntry } from '../transcript/transcript-entry.js';
import { toTranscriptEntry } from '../transcript/transcript-entry.js';
import type { AgentRuntime } from './agent-runtime.js';
import { createFakeAgentApp } from './create-fake-agent-app.js';
import type {
  FakeAcpAgent,
  FakeAcpAgentOptions,
  FakeAgentExit,
  FakeAgentOutcome,
  Sleep,
} from './fake-acp-agent.js';

const realSleep: Sleep = (ms, signal) => sleepFor(ms, undefined, { signal });

/** `drain()` stops after this many `setImmediate` rounds without any activity. */
const quietRounds = 3;
const maximumDrainRounds = 100_000;

/**
 * Starts a fake ACP agent in memory, playing `scenario` (validated first: a bad scenario throws a
 * `ScenarioError`). It speaks real ACP through `@agentclientprotocol/sdk` over in-memory ndjson
 * lines: feed it with `writeLine`, read it with `onLine` / `takeLines`.
 */
export function createFakeAcpAgent(
  scenario: FakeAgentScenario,
  options: FakeAcpAgentOptions = {},
): FakeAcpAgent {
  const validScenario = parseScenario(scenario);
  const lines: string[] = [];
  let untaken: string[] = [];
  const stderr: string[] = [];
  const received: TranscriptEntry[] = [];
  const transcript: TranscriptEntry[] = [];
  const outcomes: FakeAgentOutcome[] = [];
  const lineListeners = new Set<(line: string) => void>();
  const stderrListeners = new Set<(text: string) => void>();
  const exitListeners = new Set<(exit: FakeAgentExit) => void>();
  const terminated = new AbortController();
  let activity = 0;
  let exit: FakeAgentExit | undefined;
  let inputClosed = false;
  let latestSessionId = 'fake-session-0';
  let resolveClosed: (exit: FakeAgentExit) => void = () => {};
  const closed = new Promise<FakeAgentExit>((resolve) => {
    resolveClosed = resolve;
  });

  const emitLine = (line: string) => {
    if (exit) return;
    activity += 1;
    lines.push(line);
    untaken.push(line);
    transcript.push(toTranscriptEntry('agent->bridge', line));
    for (const listener of lineListeners) listener(line);
  };

  let input: ReadableStreamDefaultController<AnyMessage> | undefined;
  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      input = controller;
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      emitLine(JSON.stringify(message));
    },
  });

  const runtime: AgentRuntime = {
    scenario: validScenario,
    emitLine,
    writeStderr(text) {
      if (exit) return;
      activity += 1;
      stderr.push(text);
      for (const listener of stderrListeners) listener(text);
    },
    terminate(exitInfo) {
      if (exit) return;
      activity += 1;
      exit = exitInfo;
      terminated.abort();
      closeInput();
      connection.close();
      resolveClosed(exitInfo);
      for (const listener of exitListeners) listener(exitInfo);
    },
    terminatedSignal: terminated.signal,
    sleep: options.sleep ?? realSleep,
    recordOutcome(outcome) {
      activity += 1;
      outcomes.push(outcome);
    },
    touch() {
      activity += 1;
    },
    latestSessionId: () => latestSessionId,
    noteSession(sessionId) {
      latestSessionId = sessionId;
    },
  };

  const closeInput = () => {
    if (inputClosed) return;
    inputClosed = true;
    try {
      input?.close();
    } catch {
      // Already closed by the connection.
    }
  };

  const connection = createFakeAgentApp(runtime).connect({ readable, writable });
  void connection.closed.then(() => {
    runtime.terminate({
      code: validScenario.process?.exitCodeOnEof ?? 0,
      signal: null,
      reason: 'stdin-closed',
    });
  });

  const receiveLine = (line: string) => {
    if (line.trim() === '') return;
    const entry = toTranscriptEntry('bridge->agent', line.trim());
    received.push(entry);
    transcript.push(entry);
    if ('raw' in entry) {
      // What the SDK's ndJsonStream answers to a line that is not JSON.
      const error = RequestError.parseError();
      emitLine(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: error.code, message: error.message },
        }),
      );
      return;
    }
    input?.enqueue(entry.message as AnyMessage);
  };

  return {
    writeLine(line) {
      if (exit || inputClosed) return;
      activity += 1;
      for (const part of line.split(/\r?\n/)) receiveLine(part);
    },
    endInput() {
      activity += 1;
      if (validScenario.process?.ignoreStdinEof) return;
      closeInput();
    },
    onLine(listener) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    onStderr(listener) {
      stderrListeners.add(listener);
      return () => stderrListeners.delete(listener);
    },
    onExit(listener) {
      if (exit) {
        listener(exit);
        return () => {};
      }
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    takeLines() {
      const taken = untaken;
      untaken = [];
      return taken;
    },
    lines,
    stderr,
    received,
    transcript,
    outcomes,
    async drain() {
      let quiet = 0;
      let lastActivity = -1;
      for (let round = 0; round < maximumDrainRounds && quiet < quietRounds; round += 1) {
        await new Promise<void>((resolve) => realSetImmediate(resolve));
        if (activity === lastActivity) quiet += 1;
        else {
          quiet = 0;
          lastActivity = activity;
        }
      }
    },
    get exit() {
      return exit;
    },
    closed,
    close() {
      runtime.terminate({ code: null, signal: null, reason: 'closed' });
    },
  };
}
