import type { AgentError } from '../errors/agent-error.js';
import type { BridgeEvent } from './bridge-event.js';

/** How the process behind a {@link Transport} ended. */
export type TransportExit = {
  /** Exit code, or null when it was killed by a signal or never started. */
  readonly code: number | null;
  /** Signal name (`SIGTERM`), or null. */
  readonly signal: string | null;
  /** The last ~2 KiB of the process's stderr (secrets masked), for error messages. */
  readonly stderrTail: string;
  /** Set when the transport failed (the process could not be started, ...). */
  readonly error?: AgentError;
};

/**
 * A stream-json endpoint: what a Claude Code client talks to, whatever runs behind it (an ACP agent
 * through the bridge, or a real `claude`). Client lines go in as text; everything that comes out
 * (client messages, process and session events) arrives as {@link BridgeEvent}s, in order.
 *
 * Ownership: the creator registers its listener, calls {@link Transport.start} once and
 * {@link Transport.close} at the end; `close()` stops the whole process tree.
 * {@link Transport.endClientInput} only says "no more client input" and lets the work finish.
 */
export interface Transport {
  /**
   * Sets the one listener of every event (a later call replaces it); set it before
   * {@link Transport.start}. The bridge's events reach it directly: it must not throw.
   */
  onEvent(listener: (event: BridgeEvent) => void): void;
  /** Spawns the process. Rejects when it cannot be started. */
  start(): Promise<void>;
  /**
   * One client line (no trailing newline). Returns false when the process's input is congested
   * (nothing is lost; wait for {@link Transport.onInputDrain}) or the transport has closed.
   */
  writeClientLine(line: string): boolean;
  /** The client's input ended (stdin EOF). */
  endClientInput(): void;
  /** Adds a listener called when congested input drained (and once when the transport closed). */
  onInputDrain(listener: () => void): void;
  /** The client side is congested: stop reading the process's output until {@link resumeOutput}. */
  pauseOutput(): void;
  /** The client side drained: read on. */
  resumeOutput(): void;
  /** Resolves once the process exited and its last event was delivered. */
  readonly closed: Promise<TransportExit>;
  /** Stops the process tree (gracefully, then by force); resolves with `closed`. Idempotent. */
  close(): Promise<TransportExit>;
}
