import type { ClaudePermissionMode, McpServerConfig } from '@agentbridge/core/contracts';

/** Claude Code's `hooks` of type `command`, by event: each matcher's commands, timeouts in ms. */
export type CommandHooks = Readonly<
  Record<
    string,
    readonly {
      readonly matcher?: string;
      readonly commands: readonly { readonly command: string; readonly timeoutMs: number }[];
    }[]
  >
>;

/** The resolved settings of one bridge (one agent): command line, `.agentrc`; all optional but `cwd`. */
export type AcpLaunch = {
  /** Absolute working directory, sent as ACP `cwd`. */
  readonly cwd: string;
  /** `--resume <id>`: reopen this agent session (`session/load` or `session/resume`). */
  readonly resumeSessionId?: string;
  /** `--fork-session`: continue in a fork (`session/fork`), else a new session; never the original. */
  readonly forkSession?: boolean;
  /** SN-07: the session id the client sees (its transcript's), when the agent's session differs. */
  readonly conversationId?: string;
  /**
   * SN-08: the conversation so far, for a new agent session (no reopen, or a failed one): `history`
   * goes with the first prompt, `notice` is told in-band after `system/init`.
   */
  readonly handover?: { readonly history: string; readonly notice: string };
  /** SN-10: a resume nothing else can continue: a failed reopen ends the run (as `claude`). */
  readonly resumeRequired?: boolean;
  /** SN-12: ask the agent's own sessions of the cwd (`session/list`) once a session is open. */
  readonly listSessions?: boolean;
  /** `--model`: switched to after the session opens, when the agent offers it. */
  readonly model?: string;
  /** `--permission-mode`, mapped onto the agent's modes. */
  readonly permissionMode?: ClaudePermissionMode | (string & {});
  /** ACP auth method id to try first. */
  readonly authMethodId?: string;
  /** `--system-prompt`: standing instructions for a new session. */
  readonly systemPrompt?: string;
  /** `--append-system-prompt`: appended to the standing instructions. */
  readonly appendSystemPrompt?: string;
  /** `--mcp-config` servers by name, passed to the agent as its capabilities allow. */
  readonly mcpServers?: Readonly<Record<string, McpServerConfig>>;
  /** `--add-dir`: ACP `additionalDirectories` (absolute paths). */
  readonly additionalDirectories?: readonly string[];
  /** `--include-partial-messages`: emit `stream_event` lines. */
  readonly includePartialMessages?: boolean;
  /** `--replay-user-messages`: echo each user line back with `isReplay: true`. */
  readonly replayUserMessages?: boolean;
  /** `--permission-prompt-tool stdio`: ask with `can_use_tool`; else an "ask" is a listed denial. */
  readonly permissionPromptTool?: 'stdio';
  /** `--allowedTools` rules (`Read`, `Bash(git status:*)`): matching requests are allowed. */
  readonly allowedTools?: readonly string[];
  /** `--disallowedTools` rules: matching requests are rejected. */
  readonly disallowedTools?: readonly string[];
  /** `permissions.ask` rules: a matching request is asked even where a rule or the mode allows it. */
  readonly askTools?: readonly string[];
  /** The settings files' command hooks by event, run by the host alongside the client's (HK-30). */
  readonly commandHooks?: CommandHooks;
  /** What the launch asked that cannot be honoured, told in-band after the first `system/init`. */
  readonly notices?: readonly string[];
  /** ACP `clientInfo`. */
  readonly clientInfo?: {
    readonly name: string;
    readonly version: string;
    readonly title?: string;
  };
  /** Names (never values) of the agent's set variables: `env_var` sign-ins lacking all are skipped. */
  readonly environmentVariableNames?: readonly string[];
  /** The executable actually launched (for terminal sign-in hints). */
  readonly agentCommand?: string;
  /** `--await-initialize`: a `user` line before `initialize` waits instead of starting the handshake. */
  readonly awaitInitialize?: boolean;
  /** `false` (`doctor`): a sign-in requirement fails the handshake instead of `authenticate`. */
  readonly signIn?: boolean;
  /** Milliseconds to wait for the handshake before failing it (default 120 000). */
  readonly handshakeTimeoutMs?: number;
  /** Milliseconds a cancelled prompt may take to answer (default: the backend's, else 5 000). */
  readonly cancelGraceMs?: number;
  /** GA-14: how long the agent may write nothing during a turn (default: the backend's, else 10 min). */
  readonly stallTimeoutMs?: number;
  /** `--json-schema`: every turn's answer as JSON of this schema (`result.structured_output`). */
  readonly jsonSchema?: Readonly<Record<string, unknown>>;
  /** `--max-turns`, `--max-budget-usd`, `--tools`, `--effort`, ...: what the agent may do and spend. */
  readonly limits?: LaunchLimits;
};

/** What the client lets the agent do and spend (`--max-turns`, `--tools`, ...); absent: no limit. */
export type LaunchLimits = {
  /** `--max-turns`: model calls per turn, as Claude Code counts them (LM-01). */
  readonly maxTurns?: number;
  /** `--max-budget-usd`: the session's cost in USD (LM-03). */
  readonly maxBudgetUsd?: number;
  /** `--tools`: the built-in tools the agent may use (`[]`: none; MCP tools are not concerned). */
  readonly tools?: readonly string[];
  /** `--effort`, `--max-thinking-tokens`, `--thinking`: the agent's thinking level (LM-06). */
  readonly effort?: string;
  readonly maxThinkingTokens?: number;
  readonly thinking?: string;
  /** `--fallback-model`: retried once with it when the model is unavailable (LM-07). */
  readonly fallbackModel?: string;
  /** Options an ACP agent cannot honour, named to the client in-band at session start (LM-08). */
  readonly ignoredOptions?: readonly string[];
};
