import type { Transport, TransportExit } from '@agentbridge/core/contracts';
import type { TransportEvent } from './transport-event.js';

/**
 * A host transport with a line-level API for hot paths (the CLI relays 200k-lines/s-class streams),
 * alongside core's web-stream {@link Transport} shape. Use one of the two output styles: reading
 * `readable` installs its own {@link LineTransport.onClientLine} listener.
 *
 * Ownership: the creator calls {@link LineTransport.start} once and {@link Transport.close} at the
 * end; `close()` stops the whole process tree. {@link LineTransport.endClientInput} only says
 * "no more client input" and lets the work finish.
 */
export interface LineTransport extends Transport {
  /** Spawns the process (after reaping orphans). Rejects when it cannot be started. */
  start(): Promise<void>;
  /** The process id once started. */
  readonly pid: number | undefined;
  /**
   * Feeds one client line (no trailing newline). Returns false when the process's stdin is
   * congested (nothing is lost; wait for {@link LineTransport.onInputDrain}) or the transport has
   * closed (check `closed`).
   */
  writeClientLine(line: string): boolean;
  /** The client's input ended (stdin EOF). */
  endClientInput(): void;
  /** Sets the receiver of client-bound lines (no trailing newline). Lines produced earlier are delivered now. */
  onClientLine(listener: (line: string) => void): void;
  /** Adds a listener called when congested input drained (and once when the transport closed). */
  onInputDrain(listener: () => void): void;
  /** The client side is congested: stop reading the process's stdout until {@link resumeOutput}. */
  pauseOutput(): void;
  /** The client side drained: read on. */
  resumeOutput(): void;
  /** Adds an event listener. */
  onEvent(listener: (event: TransportEvent) => void): void;
  /** Resolves with the same value as `closed`. */
  readonly closed: Promise<TransportExit>;
}
