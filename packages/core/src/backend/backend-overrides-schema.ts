import { z } from 'zod';

/**
 * Zod form of `BackendOverrides` for tooling (JSON schema generation, editors); unknown keys
 * are rejected. The run-time path uses the hand-written check in `applyBackendOverrides` instead so
 * that registering a backend does not load zod.
 */
export const backendOverridesSchema = z.strictObject({
  /** Replaces the backend's command (a bare name on PATH or a path). Drops the default arguments. */
  command: z.string().min(1).optional(),
  /** Replaces the arguments (also those chosen by version). */
  args: z.array(z.string()).optional(),
  /** Extra environment defaults for the agent (the parent's own values still win). */
  env: z.record(z.string(), z.string()).optional(),
  /** ACP auth method ids to try first, replacing the backend's `auth.preferredMethodIds`. */
  preferredAuthMethodIds: z.array(z.string().min(1)).optional(),
});
