import { backendRegistration } from '@agentbridge/core/contracts';
import { qwenManifest } from './qwen-manifest.js';

/** Registers the backend with the user's options applied; no I/O, bad options throw a `ConfigError`. */
export const registerQwenBackend = backendRegistration(qwenManifest, '@agentbridge/backend-qwen');
