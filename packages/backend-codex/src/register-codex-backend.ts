import type { BackendManifest } from '@agentbridge/core';
import { BackendToken, ConfigError, provideValue } from '@agentbridge/core';
import type { DependencyContainer } from 'tsyringe';
import type { CodexBackendOptions } from './codex-backend-options.js';
import { codexBackendOptionsSchema } from './codex-backend-options.js';
import { codexManifest } from './codex-manifest.js';

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
const source = '@agentbridge/backend-codex';

/**
 * Adds the codex-acp backend to `container` under `BackendToken`. Performs no I/O. Options are
 * validated; invalid ones throw a `ConfigError` listing every issue.
 */
export function registerCodexBackend(
  container: DependencyContainer,
  options: CodexBackendOptions = {},
): void {
  provideValue(container, BackendToken, {
    manifest: createCodexManifest(options),
    source,
  });
}

/** The Codex manifest with `options` applied (a replaced command drops the default arguments). */
export function createCodexManifest(options: CodexBackendOptions = {}): BackendManifest {
  const parsed = codexBackendOptionsSchema.safeParse(options);
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
  const base = codexManifest;
  const launchReplaced = command !== undefined || args !== undefined;
  return {
    ...base,
    launch: launchReplaced
      ? { command: command ?? base.launch.command, args: args ?? [] }
      : base.launch,
    env: env === undefined ? base.env : { ...base.env, defaults: { ...base.env.defaults, ...env } },
    auth:
      preferredAuthMethodIds === undefined
        ? base.auth
        : { ...base.auth, preferredMethodIds: preferredAuthMethodIds },
  };
}
