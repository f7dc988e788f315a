import type { BackendOverrides } from '@agentbridge/core/contracts';
import { applyBackendOverrides, BackendToken, provideValue } from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { geminiManifest } from './gemini-manifest.js';

/** Overrides accepted by `registerGeminiBackend` (command, args, env defaults, auth preference). */
export type GeminiBackendOptions = BackendOverrides;

/** Registers the Gemini backend with `options` applied; no I/O, bad options throw a `ConfigError`. */
export function registerGeminiBackend(
  container: DependencyContainer,
  options: GeminiBackendOptions = {},
): void {
  // The package name is the registration's source: duplicate-id errors name it.
  const source = '@agentbridge/backend-gemini';
  const manifest = applyBackendOverrides(geminiManifest, options, source);
  provideValue(container, BackendToken, { manifest, source });
}
