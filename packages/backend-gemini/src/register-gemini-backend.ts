import type { BackendManifest } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import type { GeminiBackendOptions } from './gemini-backend-options.js';
import { geminiManifest } from './gemini-manifest.js';

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
const source = '@agentbridge/backend-gemini';

/**
 * Adds the Gemini backend to `container` under `BackendToken`. Performs no I/O. Options are
 * validated; invalid ones throw a `ConfigError` listing every issue.
 */
export function registerGeminiBackend(
  container: DependencyContainer,
  options: GeminiBackendOptions = {},
): void {
  provideValue(container, BackendToken, { manifest: createGeminiManifest(options), source });
}

/** The Gemini manifest with `options` applied (a replaced command drops the default arguments). */
export function createGeminiManifest(options: GeminiBackendOptions = {}): BackendManifest {
  return applyBackendOverrides(geminiManifest, options, source);
}
