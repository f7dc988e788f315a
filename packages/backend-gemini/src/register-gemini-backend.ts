import type { BackendOverrides } from '@agentbridge/core/contracts';
import { backendRegistration } from '@agentbridge/core/contracts';
import { geminiManifest } from './gemini-manifest.js';

/** Overrides accepted by `registerGeminiBackend` (command, args, env defaults, auth preference). */
export type GeminiBackendOptions = BackendOverrides;

/** Registers the backend with the user's options applied; no I/O, bad options throw a `ConfigError`. */
export const registerGeminiBackend = backendRegistration(
  geminiManifest,
  '@agentbridge/backend-gemini',
);
