import type { ClaudePermissionMode, McpServerConfig } from '@agentbridge/core/contracts';

/**
 * The resolved launch settings of one bridge (one agent process): what the client asked for on the
 * command line, in `.agentrc` and in its `initialize` request. Everything is optional but `cwd`.
 */
export type AcpLaunch = {
  /** Absolute working directory, sent as ACP `cwd`. */
  readonly cwd: string;
  /** `--resume <id>`: reopen this agent session (`session/load` or `session/resume`). */
  readonly resumeSessionId?: string;
  /**
   * `--fork-session` with `--resume`: continue in a fork of the session (`session/fork`). An agent
   * that cannot fork gets a fresh `session/new` (with a warning): the original is never written to.
   */
  readonly forkSession?: boolean;
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
  /**
   * `--permission-prompt-tool stdio`: ask the client with `can_use_tool`. Without it an "ask" is
   * denied and listed in `permission_denials`, as `claude` does.
   */
  readonly permissionPromptTool?: 'stdio';
  /** `--allowedTools` rules (`Read`, `Bash(git status:*)`): matching requests are allowed. */
  readonly allowedTools?: readonly string[];
  /** `--disallowedTools` rules: matching requests are rejected. */
  readonly disallowedTools?: readonly string[];
  /** ACP `clientInfo`. */
  readonly clientInfo?: {
    readonly name: string;
    readonly version: string;
    readonly title?: string;
  };
  /**
   * The names (never the values) of the variables set in the agent's environment, provided by the
   * host. The sign-in loop skips ACP `env_var` methods whose variables are all missing (they
   * cannot succeed); when absent every method is tried.
   */
  readonly environmentVariableNames?: readonly string[];
  /** The executable actually launched (for terminal sign-in hints). */
  readonly agentCommand?: string;
  /**
   * `--await-initialize`: the client sends `initialize` first (with `mcpServers`, `disallowedTools`
   * ... that must reach the session), so a `user` line arriving earlier waits and does not start
   * the ACP handshake; only the `initialize` request (or the end of the client's input) does.
   */
  readonly awaitInitialize?: boolean;
  /**
   * Whether the bridge may sign in (ACP `authenticate`) when the agent asks for it. `false`
   * (`doctor`): a sign-in requirement fails the handshake with the sign-in text instead.
   */
  readonly signIn?: boolean;
  /** Milliseconds to wait for the handshake before failing it (default 120 000). */
  readonly handshakeTimeoutMs?: number;
};
