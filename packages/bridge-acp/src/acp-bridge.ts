import type { BackendManifest, Clock, IdGenerator, Logger } from '@agentbridge/core/contracts';
import type { AcpLaunch } from './acp-launch.js';
import type { BridgeAction } from './bridge-action.js';

/** How the agent process ended. */
export type AgentExit = {
  readonly code: number | null;
  readonly signal: string | null;
  /**
   * The last lines the agent wrote on stderr (already redacted by the host), quoted in the error
   * texts the client sees (X-01, H-20). Absent or empty when there were none.
   */
  readonly stderrTail?: string;
};

/**
 * A fault the host saw on the agent's side that the protocol itself does not report: an agent
 * stdout line it had to drop because it exceeded the line limit (32 MiB), or an agent stderr line
 * matching `quirks.fatalStderrPatterns`.
 */
export type AgentFault = {
  readonly kind: 'line-too-long' | 'fatal-stderr';
  /** A human-readable description (already redacted by the host), quoted in the error result. */
  readonly message: string;
};

/** Options of {@link createAcpBridge}. */
export type AcpBridgeOptions = {
  readonly launch: AcpLaunch;
  /** The backend's quirks; plain ACP when absent. */
  readonly backend?: BackendManifest;
  /** Receives one JSON-RPC line (no trailing newline) for the agent's stdin. */
  readonly toAgent: (line: string) => void;
  /** Receives one stream-json line (no trailing newline) for the client. */
  readonly toClient: (line: string) => void;
  /** Receives the host actions (timers, termination, session bookkeeping). */
  readonly onAction?: (action: BridgeAction) => void;
  readonly log?: Logger;
  readonly clock?: Clock;
  readonly newId?: IdGenerator;
};

/**
 * The pure translator between one stream-json client and one ACP agent. Every method returns
 * synchronously, never throws, and performs no I/O: outputs go to the sinks given at creation.
 * Calls must be serialised by the host (one at a time).
 */
export interface AcpBridge {
  /** One line the client wrote (stream-json). */
  onClientLine(line: string): void;
  /** The client closed its input (stdin EOF). */
  onClientEnd(): void;
  /** One line the agent wrote on stdout (JSON-RPC). */
  onAgentLine(line: string): void;
  /** The agent process exited. */
  onAgentExit(exit: AgentExit): void;
  /** A timer started with a `start-timer` action fired. */
  onTimer(timerId: string): void;
  /**
   * The host dropped an agent stdout line (over the line limit) or saw a fatal stderr line. During
   * a prompt turn the turn ends now with an error result carrying `fault.message` (a later
   * `session/prompt` answer for it is ignored); a `fatal-stderr` fault also sends `session/cancel`.
   * Outside a turn the fault is only logged.
   */
  onAgentFault(fault: AgentFault): void;
}
