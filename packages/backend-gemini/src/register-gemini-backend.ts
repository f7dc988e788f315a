import type { BackendManifest, BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { geminiManifest } from './gemini-manifest.js';

/** Overrides accepted by `registerGeminiBackend` (command, args, env defaults, auth preference). */
export type GeminiBackendOptions = BackendOverrides;

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
const source = '@agentbridge/backend-gemini';

/** The Gemini manifest with `options` applied (a replaced command drops the default arguments). */
export function createGeminiManifest(options: GeminiBackendOptions = {}): BackendManifest {
  return applyBackendOverrides(geminiManifest, options, source);
}

/** Adds the Gemini backend to `container` under `BackendToken`. No I/O; bad options throw a `ConfigError`. */
export function registerGeminiBackend(
  container: DependencyContainer,
  options: GeminiBackendOptions = {},
): void {
  provideValue(container, BackendToken, { manifest: createGeminiManifest(options), source });
}
