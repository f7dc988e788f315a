import type { BackendManifest, BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { codexManifest } from './codex-manifest.js';

/** Overrides accepted by `registerCodexBackend` (command, args, env defaults, auth preference). */
export type CodexBackendOptions = BackendOverrides;

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
const source = '@agentbridge/backend-codex';

/** The Codex manifest with `options` applied (a replaced command drops the default arguments). */
export function createCodexManifest(options: CodexBackendOptions = {}): BackendManifest {
  return applyBackendOverrides(codexManifest, options, source);
}

/** Adds the Codex backend to `container` under `BackendToken`. No I/O; bad options throw a `ConfigError`. */
export function registerCodexBackend(
  container: DependencyContainer,
  options: CodexBackendOptions = {},
): void {
  provideValue(container, BackendToken, { manifest: createCodexManifest(options), source });
}
