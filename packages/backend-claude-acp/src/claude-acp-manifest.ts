import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * claude-agent-acp (`@agentclientprotocol/claude-agent-acp`), the ACP agent that runs the real
 * Claude Code inside, as data. Checked against 0.101.0 running Claude Code 2.1.332
 * (`tools/e2e/README.md`). Its tool calls carry Claude's own tool names and inputs.
 */
export const claudeAcpManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'claude-acp',
  displayName: 'Claude Agent (claude-agent-acp)',
  protocol: 'acp',
  launch: { command: 'claude-agent-acp', args: [] },
  probe: {
    versionArgs: ['--version'],
    extraDirectories: { posix: ['~/.npm-global/bin', '/usr/local/bin'], win32: ['%APPDATA%\\npm'] },
  },
  env: {
    forward: [
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_AUTH_TOKEN',
      'CLAUDE_CODE_OAUTH_TOKEN',
      'ANTHROPIC_BASE_URL',
      'ANTHROPIC_MODEL',
      'CLAUDE_CONFIG_DIR',
      // The Claude Code binary it runs (default: the SDK's platform package).
      'CLAUDE_CODE_EXECUTABLE',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
      // Claude Code on Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK).
      'AWS_BEARER_TOKEN_BEDROCK',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
    ],
    // The only vendor credentials its agent gets (EV-02).
    credentials: [
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_AUTH_TOKEN',
      'CLAUDE_CODE_OAUTH_TOKEN',
      'AWS_BEARER_TOKEN_BEDROCK',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
    ],
  },
  process: { names: ['claude-agent-acp', 'node', 'claude'], exitsOnStdinEof: true },
  // It runs the real Claude Code, which writes the session's transcript (SN-01).
  sessions: { writesClaudeTranscripts: true },
  hints: {
    install: 'npm install -g @agentclientprotocol/claude-agent-acp',
    login: { command: 'claude-agent-acp', args: ['--cli'] },
    loginNote: 'Type /login in the Claude Code prompt that opens, or set ANTHROPIC_API_KEY.',
  },
  auth: { preferredMethodIds: ['claude-login'] },
  // LM-03: Claude Code's own cost arrives as `usage_update.cost` (USD) after each prompt.
  cost: { reportsUsd: true },
  quirks: {
    // Its modes are Claude's own words (default, acceptEdits, plan, auto): the generic table fits.
    // `rawOutput` is the tool_result Claude Code gave the model; `content` is a display copy.
    rawOutputIsToolResult: true,
    rejectionEndsTurn: false,
    supportsSetModel: false,
  },
  // SE-07: Claude Code offers the aliases themselves as models.
  models: {
    aliases: { opus: ['opus'], sonnet: ['sonnet'], haiku: ['haiku'], default: ['default'] },
  },
};
