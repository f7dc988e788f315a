import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * Grok Build (`grok agent stdio`, from x.ai's install script) as an ACP agent, as data. Not run
 * here (no offline model API); the shapes are the reference bridge's, seen with Grok Build 1.0.30
 * and 1.0.34.
 */
export const grokManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'grok',
  displayName: 'Grok Build',
  protocol: 'acp',
  launch: { command: 'grok', args: ['agent', 'stdio'] },
  probe: {
    versionArgs: ['--version'],
    extraDirectories: {
      posix: ['~/.grok/bin', '/usr/local/bin', '/opt/homebrew/bin', '~/.local/bin'],
      win32: ['~/.grok/bin', '~/.local/bin', '%APPDATA%\\npm'],
    },
  },
  env: {
    forward: ['XAI_API_KEY', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'],
    credentials: ['XAI_API_KEY'],
  },
  process: { names: ['grok'], exitsOnStdinEof: true },
  hints: {
    install: 'curl -fsSL https://x.ai/cli/install.sh | bash',
    login: { command: 'grok', args: ['login'] },
    loginNote: 'The device-code sign-in works from another machine; or set XAI_API_KEY.',
  },
  // Sign-in happens with `grok login`, not over ACP (an unsigned session/new exits the process).
  auth: { preferredMethodIds: [] },
  // LM-03: a prompt's `_meta.usage.costUsdTicks` is its cost (1e-10 USD).
  cost: { reportsUsd: true },
  quirks: {
    // Frames may lack `kind`: `_meta["x.ai/tool"].kind` carries it (only ACP kinds count).
    toolKindMetaKey: 'x.ai/tool',
    toolNameByAgentTool: { run_terminal_command: 'Bash' },
    // MCP tools go through its `use_tool` dispatcher: `{tool_name, tool_input}`.
    mcpArgumentEnvelopes: [{ toolField: 'tool_name', argumentsField: 'tool_input' }],
  },
  // SE-07: Claude's tiers as xAI's models; `default` keeps the agent's own.
  models: {
    aliases: {
      opus: ['grok-4'],
      sonnet: ['grok-code-fast-1', 'grok-4'],
      haiku: ['grok-3-mini'],
    },
  },
};
