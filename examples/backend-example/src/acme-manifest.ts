import type { BackendManifest } from '@agentbridge/core';

/**
 * Acme Agent, an imaginary vendor's agent CLI (`acme`) that speaks ACP when started with `--acp`.
 * Everything agentbridge needs to know about it is data: launch defaults, where to find it, its
 * environment, how it behaves as a process, help for people, its sign-in preference and the quirks
 * the bridge absorbs (its own mode ids and tool names).
 */
export const acmeManifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'acme',
  displayName: 'Acme Agent',
  protocol: 'acp',
  launch: {
    command: 'acme',
    args: ['--acp'],
    // Acme 2.x replaced the flag with a subcommand; the installed version picks the arguments.
    argsByVersion: [{ minVersion: '2.0.0', args: ['acp'] }],
  },
  probe: {
    versionArgs: ['--version'],
    extraDirectories: {
      posix: ['~/.acme/bin', '/opt/acme/bin'],
      win32: ['%LOCALAPPDATA%\\Acme\\bin'],
    },
  },
  env: {
    forward: ['ACME_API_KEY', 'ACME_REGION', 'HTTPS_PROXY'],
    credentials: ['ACME_API_KEY'],
    // Acme phones home unless told not to; the user's own value still wins.
    defaults: { ACME_TELEMETRY: 'off' },
  },
  process: {
    names: ['acme'],
    exitsOnStdinEof: true,
    stopGraceMs: 1500,
    handshakeTimeoutMs: 60_000,
  },
  hints: {
    install: 'npm install -g @acme/agent-cli',
    login: { command: 'acme', args: ['login'] },
    loginNote: 'On a build server set ACME_API_KEY and configure authMethod: acme-api-key.',
  },
  auth: {
    // Acme's single sign-on is what its users have; its browser login fails on headless machines.
    preferredMethodIds: ['acme-sso'],
  },
  quirks: {
    // Acme's modes are `ask`, `edit` and `auto`, where `auto` means "no questions at all": the
    // generic table would send acceptEdits to `auto`, so Acme names `edit` first.
    permissionModeSynonyms: {
      default: ['ask'],
      acceptEdits: ['edit'],
      bypassPermissions: ['auto'],
      plan: ['ask'],
      dontAsk: ['ask'],
      auto: ['auto'],
    },
    // Acme announces its tools with kind `other` and titles like `acme_shell ls -1`.
    toolNameByAgentTool: {
      acme_shell: 'Bash',
      acme_read: 'Read',
      acme_write: 'Write',
      acme_search: 'Grep',
    },
    fatalStderrPatterns: ['^ACME FATAL: '],
    supportsSetModel: false,
  },
};
