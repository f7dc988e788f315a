import { backendRegistration } from '@agentbridge/core/contracts';
import { grokManifest } from './grok-manifest.js';

/** Registers the backend with the user's options applied; no I/O, bad options throw a `ConfigError`. */
export const registerGrokBackend = backendRegistration(grokManifest, '@agentbridge/backend-grok');
