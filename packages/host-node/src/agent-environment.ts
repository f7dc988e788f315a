import type { Environment, HostPlatform } from './host-platform.js';

/**
 * Variables a Claude client sets for the `claude` it spawns. They mean nothing to an ACP agent and
 * some agents change behaviour when they see them, so the agent never inherits them.
 */
export const claudeClientVariables: readonly string[] = Object.freeze([
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_AGENT_SDK_VERSION',
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
  'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
  'CLAUDE_CODE_SDK_READS_STARTUP_MARKS',
  'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT',
]);

/** Options of {@link createAgentEnvironment}. */
type AgentEnvironmentOptions = {
  /** The bridge's own environment (usually `process.env`). */
  readonly parent: Environment;
  readonly platform: HostPlatform;
  /** `BackendManifest.env.defaults`: set only where the parent does not set them. */
  readonly defaults?: Readonly<Record<string, string>>;
  /** The configuration's `env`: always wins. */
  readonly overrides?: Readonly<Record<string, string>>;
  /** Extra names to drop, on top of {@link claudeClientVariables}. */
  readonly remove?: readonly string[];
  /** Keep {@link claudeClientVariables}: for a pass-through to a real `claude`, which reads them. */
  readonly keepClaudeClientVariables?: boolean;
};

/**
 * The agent's environment: the parent's minus the Claude client's variables (and `remove`), plus
 * the backend's defaults where unset, plus the configuration's overrides. Windows names compare
 * case-insensitively. Undefined values are dropped.
 */
export function createAgentEnvironment(options: AgentEnvironmentOptions): Record<string, string> {
  const normalise = (name: string) => (options.platform === 'win32' ? name.toUpperCase() : name);
  const scrubbed = options.keepClaudeClientVariables ? [] : claudeClientVariables;
  const removed = new Set([...scrubbed, ...(options.remove ?? [])].map(normalise));
  const result: Record<string, string> = {};
  const keyOf = new Map<string, string>();
  const set = (name: string, value: string) => {
    const previous = keyOf.get(normalise(name));
    if (previous !== undefined && previous !== name) delete result[previous];
    keyOf.set(normalise(name), name);
    result[name] = value;
  };
  for (const [name, value] of Object.entries(options.parent)) {
    if (value !== undefined && !removed.has(normalise(name))) set(name, value);
  }
  for (const [name, value] of Object.entries(options.defaults ?? {})) {
    if (!keyOf.has(normalise(name))) set(name, value);
  }
  for (const [name, value] of Object.entries(options.overrides ?? {})) set(name, value);
  return result;
}
