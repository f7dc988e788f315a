import type {
  BackendManifest,
  BridgeEvent,
  HostResult,
  Logger,
  McpEndpointMessage,
} from '@agentbridge/core/contracts';
import type { AcpLaunch } from './acp-launch.js';

/** How the agent process ended. */
export type AgentExit = {
  readonly code: number | null;
  readonly signal: string | null;
  /** The agent's last stderr lines (masked by the host), quoted in the client's error texts. */
  readonly stderrTail?: string;
  /** The host stopped it for its user (`Transport.close()`, a signal): the run was interrupted. */
  readonly stopped?: boolean;
};

/**
 * A fault the protocol does not report: an agent stdout line over the line limit (dropped), a
 * stderr line matching `quirks.fatalStderrPatterns` (both seen by the host), or a stdout line
 * that is not JSON (seen by the bridge).
 */
export type AgentFault = {
  readonly kind: 'line-too-long' | 'fatal-stderr' | 'malformed-line';
  /** A human-readable description (masked by the host), quoted in the error result. */
  readonly message: string;
};

/** Options of `createAcpBridge`. */
export type AcpBridgeOptions = {
  readonly launch: AcpLaunch;
  /** The backend's manifest (quirks, handshake deadline, login hint); plain ACP when absent. */
  readonly backend?: BackendManifest;
  /** Receives every output, in order: client messages, agent messages, timers, session events. */
  readonly emit: (event: BridgeEvent) => void;
  readonly log?: Logger;
  /** Milliseconds since some epoch; time stands still at 0 when absent. */
  readonly now?: () => number;
  /** A fresh unique id per call (line `uuid`s); counts up (`id-1`, ...) when absent. */
  readonly newId?: () => string;
};

/**
 * The pure translator between one stream-json client and one ACP agent. Every method returns
 * synchronously, never throws and performs no I/O: outputs go to `emit`. Calls must be serialised
 * by the host (one at a time).
 */
export interface AcpBridge {
  /** One line the client wrote (stream-json). */
  onClientLine(line: string): void;
  /** The client closed its input (stdin EOF). */
  onClientEnd(): void;
  /** One line the agent wrote on stdout (JSON-RPC). */
  onAgentLine(line: string): void;
  /** The agent process exited (after its stdout was drained). */
  onAgentExit(exit: AgentExit): void;
  /** A timer started with a `start-timer` event fired. */
  onTimer(timerId: string): void;
  /** The host's answer to a `host-operation` event (exactly once per operation). */
  onHostResult(operationId: string, result: HostResult): void;
  /** The host saw an agent fault: a running prompt ends with an error result; else it is logged. */
  onAgentFault(fault: AgentFault): void;
  /** The agent sent a message to a server of the session's local MCP endpoint (MCP-01). */
  onMcpMessage(message: McpEndpointMessage): void;
  /** The host stops the agent now (the user's signal): a prompt in flight is cancelled (GA-13). */
  onStop?(): void;
}
