import type { BackendManifest } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import type { CodexBackendOptions } from './codex-backend-options.js';
import { codexManifest } from './codex-manifest.js';

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
const source = '@agentbridge/backend-codex';

/**
 * Adds the Codex backend to `container` under `BackendToken`. Performs no I/O. Options are
 * validated; invalid ones throw a `ConfigError` listing every issue.
 */
export function registerCodexBackend(
  container: DependencyContainer,
  options: CodexBackendOptions = {},
): void {
  provideValue(container, BackendToken, { manifest: createCodexManifest(options), source });
}

/** The Codex manifest with `options` applied (a replaced command drops the default arguments). */
export function createCodexManifest(options: CodexBackendOptions = {}): BackendManifest {
  return applyBackendOverrides(codexManifest, options, source);
}
