import type { FakeAgentScenario } from '../scenario/fake-agent-scenario.js';
import type { FakeAgentExit, FakeAgentOutcome, Sleep } from './fake-acp-agent.js';

/** What the handlers and the step runner of one fake agent share. Internal. */
export type AgentRuntime = {
  readonly scenario: FakeAgentScenario;
  /** Writes one raw line to stdout (after everything queued before it). */
  emitLine(line: string): void;
  writeStderr(text: string): void;
  /** Ends the agent; later writes are dropped. */
  terminate(exit: FakeAgentExit): void;
  /** Aborts when the agent ends. */
  readonly terminatedSignal: AbortSignal;
  readonly sleep: Sleep;
  recordOutcome(outcome: FakeAgentOutcome): void;
  /** Marks progress, so `drain()` keeps flushing. */
  touch(): void;
  /** The newest session id, for steps outside a prompt (`fake-session-0` before any). */
  latestSessionId(): string;
  /** Records a newly opened session. */
  noteSession(sessionId: string): void;
};
