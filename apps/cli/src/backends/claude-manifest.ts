import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * The `claude` backend: a real Claude Code CLI, relayed as is (protocol `stream-json`, no
 * translation). Useful to compare an ACP agent with the original behind the same client.
 */
export const claudeManifest = {
  specificationVersion: 'backend-v1',
  id: 'claude',
  displayName: 'Claude Code (pass-through)',
  protocol: 'stream-json',
  launch: { command: 'claude', args: [] },
  probe: { versionArgs: ['--version'] },
  env: { forward: ['ANTHROPIC_API_KEY', 'CLAUDE_CONFIG_DIR'], credentials: ['ANTHROPIC_API_KEY'] },
  process: { names: ['claude'], exitsOnStdinEof: true },
  hints: {
    install: 'npm install -g @anthropic-ai/claude-code',
    loginNote: 'Run `claude` once on a terminal and sign in with /login.',
  },
  auth: { preferredMethodIds: [] },
  quirks: {},
} as const satisfies BackendManifest;
