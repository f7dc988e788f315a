import type { BackendOverrides } from '@agentbridge/core/contracts';

/** Overrides accepted by `registerCodexBackend` (command, args, env defaults, auth preference). */
export type CodexBackendOptions = BackendOverrides;
