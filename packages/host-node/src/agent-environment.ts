import type { Environment } from './host-platform.js';

/** Set by a Claude client for its `claude`; some agents change behaviour on them. */
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
  readonly parent: Environment;
  readonly platform: NodeJS.Platform;
  /** `BackendManifest.env.defaults`: only where the parent does not set them. */
  readonly defaults?: Readonly<Record<string, string>>;
  /** The configuration's `env`: always wins. */
  readonly overrides?: Readonly<Record<string, string>>;
  /** Names to drop besides {@link claudeClientVariables}. */
  readonly remove?: readonly string[];
  /** Keep {@link claudeClientVariables}: for a real `claude`, which reads them. */
  readonly keepClaudeClientVariables?: boolean;
};

/** The parent's environment, scrubbed, plus defaults and overrides; Windows names ignore case. */
export function createAgentEnvironment(options: AgentEnvironmentOptions): Record<string, string> {
  const normalise = (name: string) => (options.platform === 'win32' ? name.toUpperCase() : name);
  const scrubbed = options.keepClaudeClientVariables ? [] : claudeClientVariables;
  const removed = new Set([...scrubbed, ...(options.remove ?? [])].map(normalise));
  const variables = new Map<string, [name: string, value: string]>();
  const set = (name: string, value: string) => variables.set(normalise(name), [name, value]);
  for (const [name, value] of Object.entries(options.parent)) {
    if (value !== undefined && !removed.has(normalise(name))) set(name, value);
  }
  for (const [name, value] of Object.entries(options.defaults ?? {})) {
    if (!variables.has(normalise(name))) set(name, value);
  }
  for (const [name, value] of Object.entries(options.overrides ?? {})) set(name, value);
  return Object.fromEntries(variables.values());
}
