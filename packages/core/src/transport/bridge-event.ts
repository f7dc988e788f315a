import type { AnyMessage, InitializeResponse, SessionInfo } from '@agentclientprotocol/sdk';
import type { KnownServerMessage } from '../stream-json/parse-line.js';
import type { HostOperation } from './host-operation.js';

/**
 * One event of a session, shared by the bridge (which emits most), the host transport (which acts
 * on some and adds the process events) and the CLI (which reads them): nothing is copied between
 * layers. Messages are typed objects, serialised once by the edge that writes them.
 */
export type BridgeEvent =
  /** A stream-json message for the client (`system`, `assistant`, `stream_event`, `result`, ...). */
  | { readonly type: 'client-message'; readonly message: KnownServerMessage }
  /** A client line relayed as it is, already serialised (a real `claude` behind the pass-through). */
  | { readonly type: 'client-line'; readonly line: string }
  /** A JSON-RPC message for the agent's stdin. */
  | { readonly type: 'agent-message'; readonly message: AnyMessage }
  /** Start (or restart) a one-shot timer; the host calls `bridge.onTimer(timerId)` when it fires. */
  | { readonly type: 'start-timer'; readonly timerId: string; readonly delayMs: number }
  /** Cancel a timer started earlier (nothing happens when it is not running). */
  | { readonly type: 'cancel-timer'; readonly timerId: string }
  /**
   * I/O the bridge needs done (a client file or terminal method, ...): the host carries it out and
   * answers with `bridge.onHostResult(operationId, result)`, exactly once, even after a failure.
   */
  | {
      readonly type: 'host-operation';
      readonly operationId: string;
      readonly operation: HostOperation;
    }
  /** Stop the agent's process tree: input ended with every turn settled, or the agent is unusable. */
  | { readonly type: 'stop-agent'; readonly reason: string }
  /** The agent answered ACP `initialize` (what `doctor` reports). */
  | { readonly type: 'agent-initialized'; readonly response: InitializeResponse }
  /** A session is open (`--continue` stores it; `doctor` shows its modes and models). */
  | {
      readonly type: 'session-opened';
      readonly sessionId: string;
      /** An earlier session was reopened (`session/load`, `session/resume`, `session/fork`). */
      readonly resumed: boolean;
      /** The id the client asked to reopen, when it did. */
      readonly requestedSessionId?: string;
      readonly modes: readonly string[];
      readonly currentModeId?: string;
      readonly models: readonly string[];
      readonly currentModelId?: string;
      /** Ids of the agent's session config options. */
      readonly configOptions: readonly string[];
    }
  /** SN-12: a page of the agent's own sessions of the cwd (ACP `session/list`). */
  | { readonly type: 'agent-sessions'; readonly sessions: readonly SessionInfo[] }
  /** A sign-in attempt started (a browser or device flow may be waiting on the user). */
  | { readonly type: 'auth-started'; readonly methodId: string; readonly methodName: string }
  /** The sign-in episode ended. */
  | { readonly type: 'auth-finished'; readonly success: boolean; readonly error?: string }
  /** The agent process is running. */
  | { readonly type: 'agent-started'; readonly pid: number; readonly command: string }
  /** A non-protocol agent line: all of stderr, stdout lines not starting with `{`; secrets masked. */
  | { readonly type: 'agent-output'; readonly stream: 'stdout' | 'stderr'; readonly line: string }
  /** The agent process exited and its output was drained; `closed` settles right after. */
  | { readonly type: 'agent-exited'; readonly code: number | null; readonly signal: string | null };
