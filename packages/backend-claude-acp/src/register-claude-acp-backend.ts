import { backendRegistration } from '@agentbridge/core/contracts';
import { claudeAcpManifest } from './claude-acp-manifest.js';

/** Registers the backend with the user's options applied; no I/O, bad options throw a `ConfigError`. */
export const registerClaudeAcpBackend = backendRegistration(
  claudeAcpManifest,
  '@agentbridge/backend-claude-acp',
);
