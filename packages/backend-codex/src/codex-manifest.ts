import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * codex-acp (`@zed-industries/codex-acp`, or the TypeScript `@agentclientprotocol/codex-acp` that
 * wraps `codex app-server`) as an ACP agent: launch defaults and quirks as data. Checked against
 * `@zed-industries/codex-acp` 0.16.0 (see `tools/e2e/README.md`).
 */
export const codexManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'codex',
  displayName: 'Codex (codex-acp)',
  protocol: 'acp',
  launch: {
    command: 'codex-acp',
    args: [],
  },
  probe: {
    // codex-acp 0.16.0 has no version flag (`--version` exits 2); its version is in agentInfo.
    extraDirectories: {
      posix: ['~/.npm-global/bin', '/usr/local/bin', '~/.local/bin', '~/.cargo/bin'],
      win32: ['%APPDATA%\\npm'],
    },
  },
  env: {
    forward: [
      'OPENAI_API_KEY',
      'CODEX_API_KEY',
      'CODEX_HOME',
      'OPENAI_BASE_URL',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
      'SSL_CERT_FILE',
      'RUST_LOG',
    ],
    credentials: ['OPENAI_API_KEY', 'CODEX_API_KEY'],
  },
  process: {
    names: ['codex-acp', 'codex'],
    // codex-acp keeps running after stdin closes: the host stops it with signals (process group).
    exitsOnStdinEof: false,
  },
  hints: {
    install: 'npm install -g @openai/codex @zed-industries/codex-acp',
    login: { command: 'codex', args: ['login'] },
    loginNote:
      'On a machine without a browser run `codex login --device-auth`, or set OPENAI_API_KEY / ' +
      'CODEX_API_KEY and configure authMethod: openai-api-key.',
  },
  auth: {
    // The ChatGPT subscription login is what a CLI user has (`codex login`); the two env-var key
    // methods only work when their variable is set, so they stay behind it unless configured.
    preferredMethodIds: ['chatgpt'],
  },
  // SE-07: Claude's tiers as OpenAI's models codex-acp lists; `default` keeps codex's own.
  models: {
    aliases: {
      opus: ['gpt-5.5', 'gpt-5.4'],
      sonnet: ['gpt-5.4', 'gpt-5.3-codex'],
      haiku: ['gpt-5.4-mini'],
    },
  },
  quirks: {
    permissionModeSynonyms: {
      default: ['read-only'],
      acceptEdits: ['auto'],
      bypassPermissions: ['full-access'],
      plan: ['read-only'],
      dontAsk: ['read-only'],
      auto: ['auto'],
    },
    toolNameByAgentTool: {
      exec_command: 'Bash',
      shell: 'Bash',
      apply_patch: 'Edit',
      web_search: 'WebSearch',
      update_plan: 'TodoWrite',
      view_image: 'Read',
    },
    // MCP tool calls carry rawInput `{server, tool, arguments}` (kind `execute`).
    mcpArgumentEnvelopes: [{ toolField: 'tool', argumentsField: 'arguments' }],
    // An MCP tool call is approved first, named only in the approval's message (tools/e2e).
    mcpApprovalInput: {
      textPath: 'request.message',
      pattern: '^Allow the (.+) MCP server to run tool "(.+)"\\?',
      argumentsPath: 'request._meta.tool_params',
    },
    rejectionEndsTurn: true,
    supportsSetModel: false,
  },
};
