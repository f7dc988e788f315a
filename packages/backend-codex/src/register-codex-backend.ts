import type { BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { codexManifest } from './codex-manifest.js';

/** Overrides accepted by `registerCodexBackend` (command, args, env defaults, auth preference). */
export type CodexBackendOptions = BackendOverrides;

/** Registers the Codex backend with `options` applied; no I/O, bad options throw a `ConfigError`. */
export function registerCodexBackend(
  container: DependencyContainer,
  options: CodexBackendOptions = {},
): void {
  // The package name is the registration's source: duplicate-id errors name it.
  const source = '@agentbridge/backend-codex';
  const manifest = applyBackendOverrides(codexManifest, options, source);
  provideValue(container, BackendToken, { manifest, source });
}
