import { claudeAcpManifest, registerClaudeAcpBackend } from '@agentbridge/backend-claude-acp';
import { registerCodexBackend } from '@agentbridge/backend-codex';
import { registerGeminiBackend } from '@agentbridge/backend-gemini';
import { registerGrokBackend } from '@agentbridge/backend-grok';
import { registerQwenBackend } from '@agentbridge/backend-qwen';
import type { RegisterBackend } from '@agentbridge/core/contracts';
import { type BackendManifest, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { PluginReference } from '../config/resolve-settings.js';

/** One contributor of backends: a built-in package or a plugin from `.agentrc`. */
export type BackendRegistration = {
  /** Package name or file that contributes (named in errors). */
  readonly source: string;
  readonly register: RegisterBackend;
  /** Where a plugin was configured (named in errors). */
  readonly plugin?: PluginReference;
};

const common = {
  specificationVersion: 'backend-v1',
  auth: { preferredMethodIds: [] },
  quirks: {},
} as const;

// Both run the real Claude Code: the same Anthropic and Bedrock credentials (EV-02).
const claudeCredentials = claudeAcpManifest.env.credentials;

/** `claude`: a real Claude Code CLI relayed as is (`stream-json`), to compare with an ACP agent. */
const claudeManifest = {
  ...common,
  id: 'claude',
  displayName: 'Claude Code (pass-through)',
  protocol: 'stream-json',
  launch: { command: 'claude', args: [] },
  probe: { versionArgs: ['--version'] },
  env: {
    forward: [...claudeCredentials, 'CLAUDE_CONFIG_DIR'],
    // The only vendor credentials the real `claude` gets (EV-02): Anthropic's, Bedrock's.
    credentials: claudeCredentials,
  },
  process: { names: ['claude'], exitsOnStdinEof: true },
  hints: {
    install: 'npm install -g @anthropic-ai/claude-code',
    loginNote: 'Run `claude` once on a terminal and sign in with /login.',
  },
} as const satisfies BackendManifest;

/**
 * `acp`: any ACP agent, no defaults (the command comes from flags, environment or `.agentrc`); no
 * vendor's credentials unless `.agentrc` passes them (EV-02).
 */
export const acpManifest = {
  ...common,
  id: 'acp',
  displayName: 'Custom ACP agent',
  protocol: 'acp',
  launch: { command: '', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: [], exitsOnStdinEof: true },
  hints: {},
  // CF-01: an unknown agent may run files and commands through the client when offered: it then
  // asks through the session's policy instead of running them unseen.
  client: { fs: true, terminal: true },
} as const satisfies BackendManifest;

const source = 'agentbridge';
const cli = (manifest: BackendManifest): BackendRegistration => ({
  source,
  register: (container) => provideValue(container, BackendToken, { manifest, source }),
});

/** The backends every container starts with (B-01), registered in this order. */
export const builtinBackends: readonly BackendRegistration[] = [
  { source: '@agentbridge/backend-gemini', register: registerGeminiBackend },
  { source: '@agentbridge/backend-codex', register: registerCodexBackend },
  { source: '@agentbridge/backend-qwen', register: registerQwenBackend },
  { source: '@agentbridge/backend-claude-acp', register: registerClaudeAcpBackend },
  { source: '@agentbridge/backend-grok', register: registerGrokBackend },
  cli(claudeManifest),
  cli(acpManifest),
];
