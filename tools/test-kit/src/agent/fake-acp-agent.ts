import type { TranscriptEntry } from '../transcript/transcript-entry.js';

/** How the fake agent ended. `signal` is set only by an `exit` step with a signal. */
export type FakeAgentExit = {
  readonly code: number | null;
  readonly signal: string | null;
  /** Why: `'exit-step'`, `'crash-step'`, `'stdin-closed'` or `'closed'` (by {@link FakeAcpAgent.close}). */
  readonly reason: 'exit-step' | 'crash-step' | 'stdin-closed' | 'closed';
};

/** The result of one request the agent made to the client (permission, fs, terminal, ...). */
export type FakeAgentOutcome = {
  readonly method: string;
  readonly params: unknown;
  /** Set when the client answered with a result. */
  readonly result?: unknown;
  /** Set when the client answered with an error (or the connection closed first). */
  readonly error?: {
    readonly code: number | null;
    readonly message: string;
    readonly data?: unknown;
  };
};

/** Waits `ms`; rejects (or resolves early) once `signal` aborts. Inject a fake for determinism. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** Options of {@link createFakeAcpAgent}. */
export type FakeAcpAgentOptions = {
  /** Used by `delay` steps and `process.startupDelayMs`. Default: real timers. */
  readonly sleep?: Sleep;
};

/**
 * A scripted ACP agent running in memory. The bridge side writes JSON-RPC lines with
 * {@link FakeAcpAgent.writeLine} and reads the agent's stdout lines with
 * {@link FakeAcpAgent.onLine} or {@link FakeAcpAgent.takeLines}. Everything is recorded.
 *
 * For synchronous harnesses: write lines, `await agent.drain()`, then `agent.takeLines()`.
 */
export type FakeAcpAgent = {
  /** Feeds one line to the agent's stdin (bridge → agent). Ignored after exit. */
  writeLine(line: string): void;
  /** Closes the agent's stdin (EOF). The agent exits unless `process.ignoreStdinEof`. */
  endInput(): void;
  /** Calls `listener` with every stdout line (agent → bridge), without trailing newline. */
  onLine(listener: (line: string) => void): () => void;
  /** Calls `listener` with every stderr chunk. */
  onStderr(listener: (text: string) => void): () => void;
  /** Calls `listener` once when the agent exits. */
  onExit(listener: (exit: FakeAgentExit) => void): () => void;
  /** Returns the stdout lines written since the last call and forgets them. */
  takeLines(): string[];
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** Everything written to stderr so far. */
  readonly stderr: readonly string[];
  /** Every message received on stdin, parsed (unparseable lines as `{ raw }` entries). */
  readonly received: readonly TranscriptEntry[];
  /** Both directions in order, as `bridge->agent` / `agent->bridge` transcript entries. */
  readonly transcript: readonly TranscriptEntry[];
  /** The answers the client gave to the agent's requests (permission outcomes first of all). */
  readonly outcomes: readonly FakeAgentOutcome[];
  /**
   * Resolves once the agent has nothing left to do right now: every received line is handled and
   * every runnable step ran. Pending `delay`s and waits for the client are not awaited. It only
   * flushes promises and `setImmediate` rounds, so it is deterministic.
   */
  drain(): Promise<void>;
  /** Set once the agent exited. */
  readonly exit: FakeAgentExit | undefined;
  /** Resolves when the agent exits. */
  readonly closed: Promise<FakeAgentExit>;
  /** Stops the agent (like killing the process). Safe to call more than once. */
  close(): void;
};
