import type {
  BackendManifest,
  BackendQuirks,
  BridgeEvent,
  KnownServerMessage,
  Logger,
  McpServerConfig,
  PermissionDenial,
  SlashCommand,
} from '@agentbridge/core/contracts';
import { errorMessage } from '@agentbridge/core/contracts';
import type { Diff, McpServer, ToolCallLocation } from '@agentclientprotocol/sdk/unstable';
import type { AcpLaunch } from '../acp-launch.js';
import type { AuthMethodInfo } from '../auth/read-auth-methods.js';
import type { HookRegistry } from '../hooks/hook-registry.js';
import type { HookVerdict } from '../hooks/hook-verdict.js';
import type { OpenObject } from '../json-rpc/agent-schemas.js';
import type { JsonRpcChannel } from '../json-rpc/json-rpc.js';
import type { McpState } from '../mcp/mcp-state-types.js';
import type { McpServerStatus } from '../mcp/to-acp-mcp-servers.js';
import type { TurnEnding } from '../north/build-result.js';
import type { ControlRequestId } from '../north/client-lines.js';
import type { ClientRequestChannel } from '../north/client-request-channel.js';
import type { TurnStream } from '../north/turn-stream.js';
import type { Continuation, Continuations } from '../pending/continuations.js';
import type { SessionCatalog } from '../session/session-catalog.js';
import type { ToolInput } from '../tools/build-tool-input.js';
import type { ToolOutput } from '../tools/tool-output.js';
import type { UsageLedger } from '../usage/usage-ledger.js';
import type { HostChannel } from './host-channel.js';
import type { ClientSystemPrompt } from './standing-instructions.js';

type Capability =
  | 'loadSession'
  | 'resumeSession'
  | 'forkSession'
  | 'listSessions'
  | 'image'
  | 'audio'
  | 'embeddedContext'
  | 'systemPrompt'
  | 'additionalDirectories';

/** What the agent told in its `initialize` answer, and the MCP servers as it can take them. */
export type AgentInfo = {
  readonly name: string;
  readonly version: string;
  readonly authMethods: readonly AuthMethodInfo[];
  /** What its capabilities offer (H-04, extended). */
  readonly can: Readonly<Record<Capability, boolean>>;
  /** The session's MCP servers in ACP shape (S-03), and each configured server's status. */
  readonly mcpServers: readonly McpServer[];
  readonly mcpStatuses: readonly McpServerStatus[];
};

/** An open ACP session. */
export type Session = {
  /** The agent's session id (every ACP request). */
  readonly id: string;
  /** The id the client's lines carry: the conversation's (SN-07), else the agent's. */
  readonly clientId: string;
  /** Reopened (load, resume or fork): no standing instructions (S-04). */
  readonly resumed: boolean;
  catalog: SessionCatalog;
  commands: SlashCommand[];
  /** The Claude-vocabulary permission mode in effect. */
  permissionMode: string;
  /** The standing instructions still have to go with the first prompt (PR-06). */
  instructionsPending: boolean;
  /** SN-08: the handed-over history still has to go with the first prompt. */
  historyPending: string | undefined;
  /** The last `system/init` emitted, without its uuid; `undefined` before the first. */
  lastInit: string | undefined;
  /** Client turns that reached the agent (only the first may skip an unchanged `system/init`). */
  turnsStarted: number;
  /** Start-up warnings, emitted right after the first `system/init`. */
  readonly warnings: string[];
  /** The "tool ran without asking" warning was given (once per session). */
  unaskedToolWarned: boolean;
};

/** A load's replay that goes on after its answer (`quirks.loadReplaySettleMs`): resumed when quiet. */
type ReplaySettle = { readonly delayMs: number; readonly quiet: Continuation<void> };

/** Where the bridge stands with its agent; each phase holds only what exists in it. */
export type Phase =
  /** Nothing sent to the agent yet. */
  | { readonly name: 'idle' }
  | {
      readonly name: 'handshake';
      /** Client `initialize`s waiting for session-ready, with what became of their launch fields. */
      readonly initializing: {
        readonly requestId: ControlRequestId;
        readonly applied: Record<string, boolean>;
      }[];
      agent: AgentInfo | undefined;
      authAttempted: boolean;
      /** A `session/load` is replaying history: only state updates are kept (S-06). */
      replay: { readonly sessionId: string; settle?: ReplaySettle } | undefined;
      /** Commands announced before the session opened, by session id. */
      readonly earlyCommands: Map<string, SlashCommand[]>;
      /** Modes and config options a load's replay reported before the session opened (S-06). */
      catalog: SessionCatalog;
      /** Set once the session opened, while the start-up switches run. */
      session: Session | undefined;
    }
  | { readonly name: 'ready'; readonly agent: AgentInfo; readonly session: Session }
  /** The handshake failed, the agent exited, or the agent was stopped after the client was done. */
  | { readonly name: 'closed'; readonly sessionId: string; readonly modelId?: string };

/** One ACP tool call (T-01). */
export type ToolCall = {
  readonly id: string;
  title?: string;
  kind?: string;
  metaKind?: string;
  agentToolName?: string;
  /** `_meta[quirks.toolNameMetaKey]` and `_meta.claudeCode.toolName` (T-14). */
  metaName?: string;
  claudeName?: string;
  /** The last status told (ACP: absent is `pending`). */
  status?: string;
  /** Its `rawInput` (an object: the edge keeps no other), protocol-open. */
  rawInput?: OpenObject;
  locations?: readonly ToolCallLocation[];
  /** The first diff of the latest `content`. */
  diff?: Partial<Diff>;
  name: string;
  input: ToolInput;
  stage: 'seen' | 'announced' | 'completed';
  permissionRequested: boolean;
  /** CF-11: its allowance has covered one client `fs`/`terminal` call (or was made for one). */
  allowanceUsed?: boolean;
  contentOutput?: ToolOutput;
  rawOutput?: unknown;
  /** `_meta.claudeCode.toolResponse`: the tool's structured result (`tool_use_result`). */
  toolResponse?: unknown;
  /** GA-09: what the agent's own terminal printed (`_meta.terminal_output`), and its exit. */
  terminalOutput?: string;
  terminalExitCode?: number;
  /** The terminal the bridge made for this call (CF-04). */
  terminalId?: string;
  /** CF-12: the client terminal the agent runs this call of its own in (its output is GA-09's). */
  agentTerminalId?: string;
  /** Its PreToolUse hooks, run once (HK-06): the verdict, or the key its askers wait under. */
  preToolUse?: { verdict?: HookVerdict; readonly decided: Continuation<HookVerdict> };
};

/** How a tool call's permission ended: allowed with the input to use, or refused with a text. */
export type PermissionOutcome =
  | { readonly allow: true; readonly input: ToolInput; readonly always: boolean }
  | { readonly allow: false; readonly text: string };

/**
 * A tool call waiting for its permission (PreToolUse hooks, then the client's `can_use_tool`): an
 * agent's `session/request_permission`, or one of its client `fs`/`terminal` calls (CF-xx).
 */
export type PendingPermission = {
  /** The `can_use_tool` request, once sent. */
  requestId: string | undefined;
  /** Its key in `Turn.tools` (no call state for a request without an id). */
  readonly toolCallId: string | undefined;
  readonly toolUseId: string;
  readonly toolName: string;
  readonly input: ToolInput;
  /** The bridge carries the call out itself, so a changed input can be applied. */
  readonly inputChangeable: boolean;
  /** The agent offers an `allow_always` option (the client gets an "always allow" suggestion). */
  readonly allowAlways: boolean;
};

/** A client turn: from its first `user` line to its one `result`. */
export type Turn = {
  readonly startedAt: number;
  /** User message contents waiting to be sent (PR-07) or folded into this turn (PR-08). */
  readonly queue: unknown[];
  /** `sent`: a `session/prompt` awaits its answer; `cancelling`: and an interrupt was sent. */
  prompt: 'waiting' | 'sent' | 'cancelling';
  /** Set while the turn's gates run (`runGates`): no prompt goes out meanwhile. */
  gate: object | undefined;
  /** A permission was pending when the turn was interrupted (`aborted_tools`). */
  abortedTools: boolean;
  promptCount: number;
  lastStopReason: string;
  readonly denials: PermissionDenial[];
  readonly tools: Map<string, ToolCall>;
  /** By the key whoever asked waits under for the outcome (`undefined` when withdrawn). */
  readonly permissions: Map<Continuation<PermissionOutcome | undefined>, PendingPermission>;
  /** Tool rounds completed (each is followed by one more model call: LM-01). */
  rounds?: number;
  /** The bridge is stopping the turn (a limit, a hook): the ending its result gets. */
  stopping?: TurnEnding;
  /** A Stop hook continued the turn (`stop_hook_active`). */
  stopHookActive?: boolean;
  /** The hook inputs' `prompt_id` (HK-03), made at the turn's first hook. */
  promptId?: string;
};

/** The client's side: what it configured and where its input stands. */
type ClientState = {
  /** It sent `initialize` (then `system/init` also goes out at session-ready). */
  initialized: boolean;
  /** It sent a `user` line: a failed handshake then needs no result of its own (H-20). */
  prompted: boolean;
  /** An `initialize` was answered: command changes go out as `system/commands_changed`. */
  initializeAnswered: boolean;
  mcpServers: Readonly<Record<string, McpServerConfig>>;
  disallowedTools: readonly string[];
  /** Its `initialize.hooks` (HK-01). */
  hooks: HookRegistry;
  /** The system-prompt fields of its `initialize`. */
  systemPrompt: ClientSystemPrompt;
  /** Its input ended; `done` once the bridge asked the host to stop the agent for it. */
  input: 'open' | 'ended' | 'done';
};

/** The whole mutable state of one bridge; only the machine's handlers change it. */
type BridgeState = {
  /** When the bridge was created (a lone handshake-failure result counts from here). */
  readonly startedAt: number;
  phase: Phase;
  turn: Turn | undefined;
  /** FT-02: a turn that ended before its prompt's answer; `waited`: a turn waits for it. */
  abandoned: { readonly turn: Turn; waited: boolean } | undefined;
  /** GA-14: the stall watchdog's timer runs; agent lines (and prompts) counted, and at its start. */
  stall: { armed: boolean; lines: number; linesAtStart: number };
  readonly client: ClientState;
  /** The client's in-process MCP servers, the local endpoint, structured output (MCP-xx, SO-xx). */
  readonly mcp: McpState;
};

/** Everything a handler needs: settings, injected services, sinks and the state. */
export type MachineContext = {
  readonly launch: AcpLaunch;
  readonly backend: BackendManifest | undefined;
  readonly quirks: BackendQuirks;
  readonly modeChangePattern: RegExp | undefined;
  readonly log: Logger;
  readonly now: () => number;
  readonly newId: () => string;
  readonly rpc: JsonRpcChannel;
  /** The bridge's requests to the client (`can_use_tool`, `hook_callback`, `mcp_message`, ...). */
  readonly clientRequests: ClientRequestChannel;
  /** The I/O the host carries out for the bridge (client files and terminals, ...). */
  readonly host: HostChannel;
  /** Writes one message to the client. */
  readonly send: (message: KnownServerMessage) => void;
  readonly emit: (event: BridgeEvent) => void;
  /** Data only: whoever waits for something the state tracks waits in `continuations`. */
  readonly state: BridgeState;
  readonly continuations: Continuations;
  readonly ledger: UsageLedger;
  readonly stream: TurnStream;
};

/** Logs a failure inside a handler: the bridge never throws across its boundary (F-03). */
export function logFailure(context: MachineContext, input: string, error: unknown): void {
  context.log.error('bridge failed to handle an input', { input, error: errorMessage(error) });
}

/** The open session, in the phases that have one. */
export function sessionOf(state: BridgeState): Session | undefined {
  const { phase } = state;
  return phase.name === 'ready' || phase.name === 'handshake' ? phase.session : undefined;
}

/**
 * The session is over: every request still waiting on the agent, the client or the host is settled
 * (each exactly once) with `reason`, and the phase becomes `closed`.
 */
export function closeSession(context: MachineContext, reason: string): void {
  const { state } = context;
  state.phase = closedPhase(state);
  for (const channel of [context.rpc, context.clientRequests, context.host])
    channel.settleAll(reason);
}

/** The closed phase, keeping what the last results still report. */
function closedPhase(state: BridgeState): Phase {
  const modelId = sessionOf(state)?.catalog.currentModelId;
  return {
    name: 'closed',
    sessionId: sessionIdOf(state),
    ...(modelId === undefined ? {} : { modelId }),
  };
}

/** The model id in effect, as results report it. */
export function currentModelOf(state: BridgeState): string | undefined {
  return state.phase.name === 'closed'
    ? state.phase.modelId
    : sessionOf(state)?.catalog.currentModelId;
}

/** The session id the client's lines carry (`''` before a session opened). */
export function sessionIdOf(state: BridgeState): string {
  const { phase } = state;
  if (phase.name === 'closed') return phase.sessionId;
  return sessionOf(state)?.clientId ?? '';
}
