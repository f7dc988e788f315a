import { z } from 'zod';
import { ConfigError } from '../errors/config-error.js';
import type { BackendManifest } from './backend-manifest.js';

/**
 * Runtime schema of {@link BackendOverrides}; unknown keys are rejected so a misspelled option is
 * reported instead of ignored.
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

/** What a `register…Backend(container, options)` call may change in a built-in manifest. */
export type BackendOverrides = z.input<typeof backendOverridesSchema>;

/**
 * Returns `manifest` with `overrides` applied. A replaced command never inherits the default (or
 * versioned) arguments. Invalid overrides throw a `ConfigError` naming `source` and every issue.
 */
export function applyBackendOverrides(
  manifest: BackendManifest,
  overrides: BackendOverrides,
  source: string,
): BackendManifest {
  const parsed = backendOverridesSchema.safeParse(overrides);
  if (!parsed.success) {
    throw new ConfigError({
      filePath: `${source} options`,
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    });
  }
  const { command, args, env, preferredAuthMethodIds } = parsed.data;
  const launchReplaced = command !== undefined || args !== undefined;
  return {
    ...manifest,
    launch: launchReplaced
      ? { command: command ?? manifest.launch.command, args: args ?? [] }
      : manifest.launch,
    env:
      env === undefined
        ? manifest.env
        : { ...manifest.env, defaults: { ...manifest.env.defaults, ...env } },
    auth:
      preferredAuthMethodIds === undefined
        ? manifest.auth
        : { ...manifest.auth, preferredMethodIds: preferredAuthMethodIds },
  };
}
