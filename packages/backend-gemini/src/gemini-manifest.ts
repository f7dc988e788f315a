import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * Gemini CLI (`@google/gemini-cli`) as an ACP agent: launch defaults and every quirk the bridge
 * absorbs, as data. Checked against Gemini CLI 0.61.0 (see `tools/e2e/README.md`).
 */
export const geminiManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  protocol: 'acp',
  launch: {
    command: 'gemini',
    // `--acp` arrived in 0.33.0; `--experimental-acp` is the only flag before and a deprecated alias after.
    args: ['--experimental-acp'],
    argsByVersion: [{ minVersion: '0.33.0', args: ['--acp'] }],
  },
  probe: {
    versionArgs: ['--version'],
    extraDirectories: {
      posix: ['~/.npm-global/bin', '/usr/local/bin', '~/.local/bin'],
      win32: ['%APPDATA%\\npm'],
    },
  },
  env: {
    forward: [
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
      'GOOGLE_GEMINI_BASE_URL',
      'GOOGLE_CLOUD_PROJECT',
      'GOOGLE_CLOUD_LOCATION',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'GOOGLE_GENAI_USE_VERTEXAI',
      'GOOGLE_GENAI_USE_GCA',
      'GEMINI_MODEL',
      'GEMINI_CLI_HOME',
      'GEMINI_CLI_NO_RELAUNCH',
      'GEMINI_CLI_TRUST_WORKSPACE',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
    ],
    credentials: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_APPLICATION_CREDENTIALS'],
    defaults: {
      // Without it the CLI relaunches itself in a child process and the parent ignores SIGTERM.
      GEMINI_CLI_NO_RELAUNCH: 'true',
    },
  },
  process: {
    names: ['gemini', 'node'],
    exitsOnStdinEof: true,
  },
  hints: {
    install: 'npm install -g @google/gemini-cli',
    login: { command: 'gemini', args: [] },
    loginNote:
      'Personal Google sign-in is refused for consumer accounts: create a key at ' +
      'https://aistudio.google.com/apikey and set GEMINI_API_KEY.',
  },
  auth: {
    preferredMethodIds: ['gemini-api-key'],
  },
  // SE-07: Claude's tiers as Gemini's (Pro, Flash, Flash-Lite; `auto` lets Gemini CLI choose).
  models: {
    aliases: {
      opus: ['gemini-3.1-pro-preview', 'gemini-3-pro-preview', 'gemini-2.5-pro'],
      sonnet: ['gemini-3.8-flash', 'gemini-3-flash-preview', 'gemini-2.5-flash'],
      haiku: ['gemini-3.5-flash-lite', 'gemini-2.5-flash-lite'],
      default: ['auto'],
    },
  },
  // LM-03: Gemini reports tokens only (`_meta.quota`, per model): Google's list prices in USD per
  // million tokens (prompts up to 200k tokens; cached input at the input price, an upper bound).
  cost: {
    pricesPerMillionTokens: {
      'gemini-2.5-pro': { input: 1.25, output: 10 },
      'gemini-2.5-flash': { input: 0.3, output: 2.5 },
      'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
      'gemini-3-pro-preview': { input: 2, output: 12 },
      'gemini-3-flash-preview': { input: 0.5, output: 3 },
    },
  },
  quirks: {
    permissionModeSynonyms: {
      default: ['default'],
      acceptEdits: ['autoEdit', 'auto-edit'],
      bypassPermissions: ['yolo'],
      plan: ['plan'],
    },
    modeChangeChunkPattern: '^\\[MODE_UPDATE\\] (\\S+)\\s*$',
    // Names sent by 0.61.0 (checked in tools/e2e); read_many_files and search_file_content are
    // the spellings of older releases.
    toolNameByAgentTool: {
      read_file: 'Read',
      read_many_files: 'Read',
      write_file: 'Write',
      replace: 'Edit',
      run_shell_command: 'Bash',
      list_directory: 'LS',
      glob: 'Glob',
      grep_search: 'Grep',
      search_file_content: 'Grep',
      web_fetch: 'WebFetch',
      google_web_search: 'WebSearch',
      write_todos: 'TodoWrite',
      invoke_agent: 'Task',
    },
    // No rawInput ever: a shell call's title is its command line (T-05).
    toolInputKeys: { Bash: { command: ['@title'] } },
    // Permission requests without a prior tool_call carry `<tool>__<tool>_<epoch ms>_<n>` ids.
    toolCallIdPattern: '^([a-z_]+)__',
    // MCP tool calls are titled `<tool> (<server> MCP Server)` and carry no rawInput: their
    // arguments are the JSON text of their content.
    mcpTitleSuffixPattern: '^\\((.+) MCP Server\\)$',
    rawInputFromContentJson: true,
    // session/load replays part of the history after its answer (tools/e2e README, Gemini 9c).
    loadReplaySettleMs: 300,
    rejectionEndsTurn: false,
    supportsSetModel: true,
  },
};
