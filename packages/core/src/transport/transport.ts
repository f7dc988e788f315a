import type { AgentError } from '../errors/agent-error.js';

/** How the process behind a {@link Transport} ended. */
export type TransportExit = {
  /** Exit code, or null when it was killed by a signal or never started. */
  readonly code: number | null;
  /** Signal name (`SIGTERM`), or null. */
  readonly signal: string | null;
  /** The last ~2 KiB of the process's stderr, for error messages. */
  readonly stderrTail: string;
  /** Set when the transport failed (spawn error, handshake deadline, ...). */
  readonly error?: AgentError;
};

/**
 * A stream-json endpoint: what a Claude Code client talks to, whatever runs behind it (an ACP agent
 * through the bridge, or a real `claude`). Each chunk is **one stream-json line without its
 * trailing newline**; lines keep their order in both directions.
 *
 * Ownership: whoever created the transport owns it and calls {@link Transport.close}. Closing the
 * `writable` means "no more client input" (stdin EOF); the transport then lets the process finish
 * its work and exit. Cancelling the `readable` does not stop the process.
 */
export interface Transport {
  /** Client → agent side: `user` lines, `control_request`s and `control_response`s. */
  readonly writable: WritableStream<string>;
  /** Agent side → client: `system`, `assistant`, `user`, `stream_event`, `result`, control lines. */
  readonly readable: ReadableStream<string>;
  /** Resolves once the process behind exited and `readable` has delivered its last line. */
  readonly closed: Promise<TransportExit>;
  /**
   * Stops the process behind (gracefully, then by force) and resolves with its exit. Safe to call
   * more than once.
   */
  close(): Promise<TransportExit>;
}
