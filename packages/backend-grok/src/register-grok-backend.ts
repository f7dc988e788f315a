import type { BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { grokManifest } from './grok-manifest.js';

/** Registers the backend with `options` applied; no I/O, bad options throw a `ConfigError`. */
export function registerGrokBackend(
  container: DependencyContainer,
  options: BackendOverrides = {},
): void {
  // The package name is the registration's source: duplicate-id errors name it.
  const source = '@agentbridge/backend-grok';
  const manifest = applyBackendOverrides(grokManifest, options, source);
  provideValue(container, BackendToken, { manifest, source });
}
