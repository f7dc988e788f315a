import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * Qwen Code (`@qwen-code/qwen-code`, `qwen --acp`) as an ACP agent, as data. Checked against
 * 0.24.4 (`tools/e2e/README.md`); releases before `--acp` need `args: ['--experimental-acp']`.
 */
export const qwenManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'qwen',
  displayName: 'Qwen Code',
  protocol: 'acp',
  launch: { command: 'qwen', args: ['--acp'] },
  probe: {
    versionArgs: ['--version'],
    extraDirectories: {
      posix: ['~/.npm-global/bin', '/usr/local/bin', '~/.local/bin'],
      win32: ['%APPDATA%\\npm'],
    },
  },
  env: {
    forward: [
      'OPENAI_API_KEY',
      'OPENAI_BASE_URL',
      'OPENAI_MODEL',
      'DASHSCOPE_API_KEY',
      'QWEN_CODE_NO_RELAUNCH',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
    ],
    credentials: ['OPENAI_API_KEY', 'DASHSCOPE_API_KEY'],
    // Without it the CLI relaunches itself in a child process, doubling start-up.
    defaults: { QWEN_CODE_NO_RELAUNCH: 'true' },
  },
  // It takes 2-5 s to exit after its stdin closes.
  process: { names: ['qwen', 'node'], exitsOnStdinEof: true, stopGraceMs: 6_000 },
  hints: {
    install: 'npm install -g @qwen-code/qwen-code',
    login: { command: 'qwen', args: ['--auth-type=openai'] },
    loginNote:
      'Set OPENAI_API_KEY (with OPENAI_BASE_URL and OPENAI_MODEL for another OpenAI-compatible ' +
      'endpoint), or run `qwen` once and choose an auth type with /auth.',
  },
  auth: { preferredMethodIds: ['openai'] },
  quirks: {
    permissionModeSynonyms: {
      default: ['default'],
      acceptEdits: ['auto-edit'],
      bypassPermissions: ['yolo'],
      plan: ['plan'],
      auto: ['auto'],
    },
    // Its tool calls name the tool in `_meta.toolName`; the inputs already use Claude's keys.
    toolNameMetaKey: 'toolName',
    toolNameByAgentTool: {
      run_shell_command: 'Bash',
      write_file: 'Write',
      edit: 'Edit',
      read_file: 'Read',
      grep_search: 'Grep',
      glob: 'Glob',
      list_directory: 'LS',
      web_fetch: 'WebFetch',
      web_search: 'WebSearch',
      todo_write: 'TodoWrite',
      agent: 'Task',
      notebook_edit: 'NotebookEdit',
    },
    rejectionEndsTurn: false,
  },
  // SE-07: Claude's tiers as Qwen's models (matched by name: ids carry the auth type).
  models: {
    aliases: {
      opus: ['qwen3-max', 'qwen3-coder-plus'],
      sonnet: ['qwen3-coder-plus'],
      haiku: ['qwen3-coder-flash', 'qwen-turbo'],
    },
  },
};
