import type { BackendOverrides } from '@agentbridge/core/contracts';
import { backendRegistration } from '@agentbridge/core/contracts';
import { codexManifest } from './codex-manifest.js';

/** Overrides accepted by `registerCodexBackend` (command, args, env defaults, auth preference). */
export type CodexBackendOptions = BackendOverrides;

/** Registers the backend with the user's options applied; no I/O, bad options throw a `ConfigError`. */
export const registerCodexBackend = backendRegistration(
  codexManifest,
  '@agentbridge/backend-codex',
);
