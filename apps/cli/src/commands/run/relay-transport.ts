import type { TransportExit } from '@agentbridge/core/contracts';

/**
 * The events of a host transport the CLI reacts to (a subset of host-node's `TransportEvent`).
 */
export type RelayEvent =
  | { readonly type: 'agent-started'; readonly pid: number; readonly command: string }
  | { readonly type: 'agent-output'; readonly stream: 'stdout' | 'stderr'; readonly line: string }
  | {
      readonly type: 'session-opened';
      readonly sessionId: string;
      readonly resumed: boolean;
      readonly requestedSessionId?: string;
    }
  | { readonly type: 'auth-started'; readonly methodId: string; readonly methodName: string }
  | { readonly type: 'auth-finished'; readonly success: boolean; readonly error?: string }
  | { readonly type: 'agent-exited'; readonly code: number | null; readonly signal: string | null }
  | { readonly type: 'line-too-long'; readonly error: Error };

/**
 * The line-level transport API the CLI relays through: host-node's `LineTransport`
 * (`AcpBridgeTransport`, `ClaudeCliTransport`) satisfies it. Written here so the relay can be
 * tested with an in-memory fake.
 */
export interface RelayTransport {
  /** Spawns the process. Rejects when it cannot be started. */
  start(): Promise<void>;
  /** One client line; false means congested (nothing lost) or closed. */
  writeClientLine(line: string): boolean;
  /** The client's input ended. */
  endClientInput(): void;
  /** Receives every client-bound line (no trailing newline). */
  onClientLine(listener: (line: string) => void): void;
  /** Called when congested input drained. */
  onInputDrain(listener: () => void): void;
  pauseOutput(): void;
  resumeOutput(): void;
  onEvent(listener: (event: RelayEvent) => void): void;
  readonly closed: Promise<TransportExit>;
  close(): Promise<TransportExit>;
}
