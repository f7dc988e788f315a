import type { BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { claudeAcpManifest } from './claude-acp-manifest.js';

/** Registers the backend with `options` applied; no I/O, bad options throw a `ConfigError`. */
export function registerClaudeAcpBackend(
  container: DependencyContainer,
  options: BackendOverrides = {},
): void {
  // The package name is the registration's source: duplicate-id errors name it.
  const source = '@agentbridge/backend-claude-acp';
  const manifest = applyBackendOverrides(claudeAcpManifest, options, source);
  provideValue(container, BackendToken, { manifest, source });
}
