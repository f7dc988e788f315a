import type { McpServerConfig } from '@agentbridge/core/contracts';
import type { AuthMethodInfo } from '../auth/read-auth-methods.js';
import type { JsonRpcId } from '../json-rpc/json-rpc-message.js';
import type { PermissionOptionIds } from '../permissions/permission-options.js';
import type { SessionCatalog } from '../session/session-catalog.js';
import { emptySessionCatalog } from '../session/session-catalog.js';
import type { ToolOutput } from '../tools/tool-output.js';
import type { ClientSystemPrompt } from './standing-instructions.js';

/** Where the bridge stands with its agent. */
export type BridgePhase =
  /** Nothing sent to the agent yet (no client `initialize`, no `user` line). */
  | 'idle'
  /** ACP `initialize`, sign-in, session open and start-up switches are under way. */
  | 'handshake'
  /** A session is open. */
  | 'ready'
  /** The handshake failed; the agent is being terminated. */
  | 'failed'
  /** The agent process exited. */
  | 'exited';

/** What the agent advertised in its `initialize` answer (H-04, extended). */
export type AgentCapabilities = {
  loadSession: boolean;
  resumeSession: boolean;
  forkSession: boolean;
  image: boolean;
  audio: boolean;
  embeddedContext: boolean;
  mcpHttp: boolean;
  mcpSse: boolean;
  systemPrompt: boolean;
  additionalDirectories: boolean;
};

/** One slash command known to the bridge (N-06). */
export type SlashCommandInfo = { name: string; description: string; argumentHint: string };

/** One MCP server's status as reported in `system/init` and `mcp_status`. */
export type McpServerStatus = { name: string; status: 'connected' | 'failed'; error?: string };

/** The tracked state of one ACP tool call (T-01). */
export type ToolCallState = {
  readonly id: string;
  title: string | undefined;
  kind: string | undefined;
  metaKind: string | undefined;
  /** ACP `ToolCall.name`, the agent's programmatic tool name, when sent. */
  agentToolName: string | undefined;
  rawInput: unknown;
  locations: unknown;
  /** The `newText` of a diff that creates a file (empty or absent `oldText`), seen before the announcement. */
  writtenText: string | undefined;
  name: string;
  input: Record<string, unknown>;
  announced: boolean;
  completed: boolean;
  /** A permission request was seen for this call (policy warning, PM-01). */
  permissionRequested: boolean;
  /** Output from the latest `content` (replaced per frame, ACP semantics). */
  contentOutput: ToolOutput | undefined;
  /** The latest non-null `rawOutput`. */
  rawOutput: unknown;
};

/** A `session/request_permission` waiting for the client's `can_use_tool` answer (PM-01..PM-03). */
export type PendingPermission = {
  readonly requestId: string;
  readonly agentRequestId: JsonRpcId;
  readonly toolCallId: string | undefined;
  readonly toolUseId: string;
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly options: PermissionOptionIds;
};

/** One queued user message (its Claude `content`, translated when sent: capabilities may be unknown yet). */
export type QueuedPrompt = { readonly content: unknown };

/** A client turn: from its first `user` line to its `result`. */
export type TurnState = {
  readonly startedAt: number;
  /** Prompts waiting to be sent (PR-07) or folded into this turn (PR-08). */
  readonly queue: QueuedPrompt[];
  /** The `session/prompt` now awaiting its answer. */
  promptInFlight: boolean;
  /** An interrupt (or deny+interrupt) was requested: the next answer ends the turn. */
  cancelRequested: boolean;
  /** A permission was pending when the turn was interrupted (terminal_reason `aborted_tools`). */
  abortedTools: boolean;
  /** Number of `session/prompt` requests sent in this turn (`num_turns`). */
  promptCount: number;
  /** The stop reason of the latest answered prompt of this turn. */
  lastStopReason: string;
  /** Permission denials of this turn (result.permission_denials). */
  readonly denials: {
    tool_name: string;
    tool_use_id: string;
    tool_input: Record<string, unknown>;
  }[];
};

/** The whole mutable state of one bridge. Only the machine's handlers change it. */
export type BridgeState = {
  phase: BridgePhase;
  readonly createdAt: number;
  /** `request_id`s of client `initialize` requests not yet answered. */
  readonly pendingInitializeIds: string[];
  /** The client sent `initialize` (system/init is then also emitted at session-ready). */
  clientInitialized: boolean;
  /**
   * Fields added to the answer of each pending `initialize`, by `request_id`: what the bridge did
   * with the request's `mcpServers`, `disallowedTools`, `settings`, hooks... (`mcp_servers_applied`).
   */
  readonly initializeAnswerFlags: Map<string, Record<string, boolean>>;
  /** A client `initialize` was answered: command list changes then go out as `system/commands_changed` (N-06). */
  initializeAnswered: boolean;
  /** The MCP servers of the session: the launch's, plus those of the client's `initialize` (S-02). */
  mcpServers: Readonly<Record<string, McpServerConfig>>;
  /** Names of {@link mcpServers} (tool-name mapping, T-11 generalised). */
  mcpServerNames: readonly string[];
  /** `--disallowedTools` plus the `initialize` request's `disallowedTools`. */
  disallowedTools: readonly string[];
  /** The system-prompt fields of the client's `initialize` (standing instructions, PR-06). */
  clientSystemPrompt: ClientSystemPrompt;
  capabilities: AgentCapabilities;
  agentName: string;
  agentVersion: string;
  authMethods: AuthMethodInfo[];
  authAttempted: boolean;
  sessionId: string | undefined;
  /** The session was reopened (load/resume): no standing instructions (S-04). */
  sessionResumed: boolean;
  /** `session/load` is outstanding: its `session/update`s are history replay (S-06). */
  replaying: boolean;
  /**
   * The quiet period after a `session/load` answer whose replay goes on (`quirks.loadReplaySettleMs`):
   * the timer delay and what runs when it fires.
   */
  replaySettle: { readonly delayMs: number; readonly finish: () => void } | undefined;
  /** The session id the load/resume asked for (updates carry it during replay). */
  requestedSessionId: string | undefined;
  catalog: SessionCatalog;
  commands: SlashCommandInfo[];
  /** Commands announced before the session id was known, by session id. */
  readonly earlyCommands: Map<string, SlashCommandInfo[]>;
  mcpStatuses: McpServerStatus[];
  /** The Claude-vocabulary permission mode in effect. */
  permissionMode: string;
  /** The first prompt of the session was sent (PR-06). */
  firstPromptSent: boolean;
  /** Standing instructions went through ACP `systemPrompt` instead of the first prompt. */
  instructionsDelivered: boolean;
  /** The content of the last `system/init` emitted (without its uuid): the first turn skips an unchanged duplicate. */
  lastInitSignature: string | undefined;
  /** Client turns that reached the agent (the first one's `system/init` may be skipped, issue 3). */
  turnsStarted: number;
  /** A `system/init` has been emitted at least once (N-06 re-emits only then). */
  initEmitted: boolean;
  /**
   * Warnings about how the session started (a requested permission mode or fork that could not be
   * applied): emitted as `system` warning lines right after the first `system/init`.
   */
  startupWarnings: string[];
  /** The MCP servers as sent to the agent (S-03 generalised). */
  acpMcpServers: readonly unknown[];
  /** The current client turn, if any. */
  turn: TurnState | undefined;
  readonly tools: Map<string, ToolCallState>;
  readonly pendingPermissions: Map<string, PendingPermission>;
  nextPermissionNumber: number;
  /** The "agent ran a tool that should have asked" warning was emitted (once per session). */
  unaskedToolWarned: boolean;
  clientEnded: boolean;
  clientDoneEmitted: boolean;
};

/** The state of a fresh bridge. */
export function createBridgeState(createdAt: number, permissionMode: string): BridgeState {
  return {
    phase: 'idle',
    createdAt,
    pendingInitializeIds: [],
    clientInitialized: false,
    initializeAnswerFlags: new Map(),
    initializeAnswered: false,
    mcpServers: {},
    mcpServerNames: [],
    disallowedTools: [],
    clientSystemPrompt: {},
    capabilities: {
      loadSession: false,
      resumeSession: false,
      forkSession: false,
      image: false,
      audio: false,
      embeddedContext: false,
      mcpHttp: false,
      mcpSse: false,
      systemPrompt: false,
      additionalDirectories: false,
    },
    agentName: '',
    agentVersion: '',
    authMethods: [],
    authAttempted: false,
    sessionId: undefined,
    sessionResumed: false,
    replaying: false,
    replaySettle: undefined,
    requestedSessionId: undefined,
    catalog: emptySessionCatalog,
    commands: [],
    earlyCommands: new Map(),
    mcpStatuses: [],
    permissionMode,
    firstPromptSent: false,
    instructionsDelivered: false,
    lastInitSignature: undefined,
    turnsStarted: 0,
    initEmitted: false,
    startupWarnings: [],
    acpMcpServers: [],
    turn: undefined,
    tools: new Map(),
    pendingPermissions: new Map(),
    nextPermissionNumber: 1,
    unaskedToolWarned: false,
    clientEnded: false,
    clientDoneEmitted: false,
  };
}
