import type { BackendOverrides } from '@agentbridge/core';
import { backendOverridesSchema } from '@agentbridge/core';

/** Runtime schema of {@link GeminiBackendOptions}: the common backend overrides. */
export const geminiBackendOptionsSchema = backendOverridesSchema;

/** Overrides accepted by `registerGeminiBackend` (command, args, env defaults, auth preference). */
export type GeminiBackendOptions = BackendOverrides;
