import type { ClaudePermissionMode } from './claude-permission-mode.js';

/**
 * Everything agentbridge knows about one vendor's agent CLI, as data. The bridge and the host read
 * these fields; they never branch on a backend's id. Version 1 of the spec: plugins declare
 * `specificationVersion: 'backend-v1'`.
 */
export type BackendManifest = {
  readonly specificationVersion: 'backend-v1';
  /** Lowercase kebab id used in `.agentrc` and `--backend` (`gemini`, `codex`). */
  readonly id: string;
  /** Human name (`Gemini CLI`). Shown in `system/init.acp_backend`, `doctor` and messages. */
  readonly displayName: string;
  /**
   * What the executable speaks: `acp` (JSON-RPC, translated by the bridge) or `stream-json`
   * (a real `claude`, relayed as is).
   */
  readonly protocol: 'acp' | 'stream-json';
  readonly launch: BackendLaunch;
  readonly probe: BackendProbe;
  readonly env: BackendEnv;
  readonly process: BackendProcess;
  readonly hints: BackendHints;
  readonly auth: BackendAuth;
  readonly quirks: BackendQuirks;
};

/** How to start the agent. */
export type BackendLaunch = {
  /** Default command: a bare name looked up on PATH, or a path. Empty: the user must give one. */
  readonly command: string;
  /**
   * Default arguments, used when the installed version is unknown or no `argsByVersion` rule
   * matches. A user-supplied command never inherits them.
   */
  readonly args: readonly string[];
  /**
   * Arguments that depend on the installed version (probed with `probe.versionArgs`): the rule
   * with the highest `minVersion` not above the installed version wins.
   */
  readonly argsByVersion?: readonly VersionedArgs[];
};

/** Arguments for versions at or above `minVersion` (semver `major.minor.patch`). */
export type VersionedArgs = {
  readonly minVersion: string;
  readonly args: readonly string[];
};

/** How to find and identify the executable. */
export type BackendProbe = {
  /** Arguments that make the executable print its version (`['--version']`). */
  readonly versionArgs?: readonly string[];
  /**
   * Install directories searched after PATH. `~` is the user's home; `%NAME%` (Windows) and
   * `$NAME` (POSIX) are environment variables.
   */
  readonly extraDirectories?: {
    readonly posix?: readonly string[];
    readonly win32?: readonly string[];
  };
};

/** The agent's environment. The parent's environment is passed on, minus Claude client variables. */
export type BackendEnv = {
  /**
   * Variables the agent reads (API keys, endpoints, its own settings). Documentation only: the
   * launch never filters by it, since the whole parent environment is passed on (minus the Claude
   * client variables). `doctor` lists which of them are set, by name, never their values.
   */
  readonly forward: readonly string[];
  /** Variables holding secrets: their values are never logged or printed. */
  readonly credentials: readonly string[];
  /** Set on the agent's environment when the parent does not set them. */
  readonly defaults?: Readonly<Record<string, string>>;
};

/** Process lifecycle facts. */
export type BackendProcess = {
  /**
   * Process names the agent runs as (`gemini`, `node`, `codex-acp`), shown by `doctor` to help find
   * the agent in a process list. Not used to reap orphans: the reaper identifies an agent by its
   * recorded pid and start time, never by name.
   */
  readonly names: readonly string[];
  /** False when the agent ignores stdin EOF (codex-acp): stopping goes straight to signals. */
  readonly exitsOnStdinEof: boolean;
  /** Milliseconds between closing stdin and SIGTERM, and between SIGTERM and SIGKILL. */
  readonly stopGraceMs?: number;
  /** Milliseconds the host waits for the handshake before failing it (default 120 000). */
  readonly handshakeTimeoutMs?: number;
};

/** Help shown to people. */
export type BackendHints = {
  /** How to install the agent (`npm install -g @google/gemini-cli`). */
  readonly install?: string;
  /** The command that signs in once, run by `agentbridge login <id>` on the terminal. */
  readonly login?: { readonly command: string; readonly args: readonly string[] };
  /** Free text about signing in, appended to sign-in failure messages. */
  readonly loginNote?: string;
};

/** Authentication preferences. */
export type BackendAuth = {
  /**
   * ACP auth method ids to try first, in order, before the generic ranking (browser logins, then
   * device codes, then keys). A configured `authMethod` still wins over these.
   */
  readonly preferredMethodIds: readonly string[];
};

/**
 * One shape of MCP argument envelope ({@link BackendQuirks.mcpArgumentEnvelopes}): `rawInput` holds
 * the tool's name in `toolField` and its own arguments in `argumentsField`.
 */
export type McpArgumentsEnvelope = {
  /** The field naming the tool (`tool`, `tool_name`); must hold a string. */
  readonly toolField: string;
  /** The field holding the tool's own arguments (`arguments`, `tool_input`); must hold an object. */
  readonly argumentsField: string;
};

/** Vendor differences the bridge absorbs, as data. Every field is optional. */
export type BackendQuirks = {
  /**
   * Agent mode ids to try for each Claude mode, before the generic synonym table (case-insensitive,
   * first offered one wins). An empty list means "this Claude mode has no agent equivalent".
   */
  readonly permissionModeSynonyms?: Readonly<
    Partial<Record<ClaudePermissionMode, readonly string[]>>
  >;
  /**
   * A regular expression (source text). An `agent_message_chunk` whose whole text matches it is a
   * mode change, not assistant text; capture group 1 is the new mode id (Gemini: `[MODE_UPDATE] <id>`).
   */
  readonly modeChangeChunkPattern?: string;
  /** ACP tool `kind` → Claude tool name, applied before the generic kind table. */
  readonly toolNameByKind?: Readonly<Record<string, string>>;
  /**
   * The agent's own tool names (the leading token of a title, or `rawInput.name`-free fields such
   * as the permission title) → Claude tool name (`run_shell_command` → `Bash`).
   */
  readonly toolNameByAgentTool?: Readonly<Record<string, string>>;
  /**
   * A regular expression (source text) applied to a `toolCallId`; capture group 1 is the agent's own
   * tool name, looked up in {@link BackendQuirks.toolNameByAgentTool} when the frame names no tool
   * itself (Gemini: `write_file__write_file_<epoch ms>_0` with `^([a-z_]+)__`).
   */
  readonly toolCallIdPattern?: string;
  /**
   * A regular expression (source text) matched against the rest of a tool call's title after its
   * leading token; capture group 1 names the MCP server the leading token (the tool) belongs to. A
   * configured server only (Gemini: `^\((.+) MCP Server\)$` for `uap_x (unity-ops MCP Server)`).
   */
  readonly mcpTitleSuffixPattern?: string;
  /**
   * The envelopes the agent wraps an MCP tool's arguments in (`rawInput`), tried in order for tool
   * names starting with `mcp__`; the first whose `toolField` is a string and whose `argumentsField`
   * is an object gives the tool's own arguments (codex-acp: `{server, tool, arguments}`). Absent:
   * `rawInput` is the tool's arguments.
   */
  readonly mcpArgumentEnvelopes?: readonly McpArgumentsEnvelope[];
  /**
   * The `_meta` key of a tool-call frame under which the agent puts an object whose `kind` is the
   * ACP tool kind, used when the frame has no `kind` of its own and only when it is an ACP kind
   * (Grok: `x.ai/tool`, as in `_meta["x.ai/tool"].kind`).
   */
  readonly toolKindMetaKey?: string;
  /**
   * The agent sends part of its `session/load` history replay **after** the load's answer (Gemini
   * CLI). The bridge then keeps treating updates as replay (S-06: only commands, modes, config
   * options and usage are kept) until none arrived for this many milliseconds, and only then applies
   * the start-up switches and sends the first prompt. Absent or 0: the answer ends the replay.
   */
  readonly loadReplaySettleMs?: number;
  /** Stderr lines (regular expression sources) that mean the running turn cannot finish. */
  readonly fatalStderrPatterns?: readonly string[];
  /**
   * The agent may ask permission for a tool call it never announced with `tool_call` (Gemini,
   * codex-acp `exec_command`). Informational: the bridge handles it for every agent.
   */
  readonly permissionWithoutToolCall?: boolean;
  /**
   * After a rejected permission the agent sends no `tool_call_update` (Gemini, codex-acp).
   * Informational: the bridge closes a rejected call itself for every agent.
   */
  readonly rejectionSendsNoUpdate?: boolean;
  /**
   * A rejected permission ends the agent's whole turn with `stopReason: "cancelled"` (codex-acp).
   * The bridge then ends the client's turn normally (the denial listed), not as an interrupt.
   */
  readonly rejectionEndsTurn?: boolean;
  /**
   * The agent still answers the removed `session/set_model` (Gemini CLI). When false the bridge
   * only switches models through a `model` config option.
   */
  readonly supportsSetModel?: boolean;
};

/** What a backend plugin registers under `BackendToken`. */
export type BackendV1 = {
  readonly manifest: BackendManifest;
  /** The package or file that registered it, for duplicate-id errors (`@agentbridge/backend-gemini`). */
  readonly source?: string;
};
