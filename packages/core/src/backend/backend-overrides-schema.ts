import { z } from 'zod';

/**
 * Runtime schema of {@link BackendOverrides}, what `register…Backend(container, options)` may
 * change in a built-in manifest; unknown keys are rejected. `applyBackendOverrides` checks the same
 * by hand so that registering a backend loads no zod.
 */
export const backendOverridesSchema = z.strictObject({
  /** Replaces the command (a bare name on PATH or a path) and drops the default arguments. */
  command: z.string().min(1).optional(),
  /** Replaces the arguments (also those chosen by version). */
  args: z.array(z.string()).readonly().optional(),
  /** Extra environment defaults for the agent (the parent's own values still win). */
  env: z.record(z.string(), z.string()).readonly().optional(),
  /** ACP auth method ids to try first, replacing the backend's `auth.preferredMethodIds`. */
  preferredAuthMethodIds: z.array(z.string().min(1)).readonly().optional(),
});

export type BackendOverrides = z.input<typeof backendOverridesSchema>;
