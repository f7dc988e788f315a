import type { BackendManifest } from '@agentbridge/core/contracts';

/**
 * The `acp` backend: any ACP agent, with no defaults. The command comes from `--agent-command`,
 * `AGENTBRIDGE_COMMAND` or `command` in `.agentrc`; arguments likewise.
 */
export const acpManifest = {
  specificationVersion: 'backend-v1',
  id: 'acp',
  displayName: 'Custom ACP agent',
  protocol: 'acp',
  launch: { command: '', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: [], exitsOnStdinEof: true },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: {},
} as const satisfies BackendManifest;
