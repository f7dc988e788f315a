import type { BackendOverrides } from '@agentbridge/core/contracts';

/** Overrides accepted by `registerGeminiBackend` (command, args, env defaults, auth preference). */
export type GeminiBackendOptions = BackendOverrides;
