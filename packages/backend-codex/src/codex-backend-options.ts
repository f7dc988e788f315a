import type { BackendOverrides } from '@agentbridge/core';
import { backendOverridesSchema } from '@agentbridge/core';

/** Runtime schema of {@link CodexBackendOptions}: the common backend overrides. */
export const codexBackendOptionsSchema = backendOverridesSchema;

/** Overrides accepted by `registerCodexBackend` (command, args, env defaults, auth preference). */
export type CodexBackendOptions = BackendOverrides;
