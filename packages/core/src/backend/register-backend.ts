import type { DependencyContainer } from 'tsyringe';
import type { BackendManifest } from './backend-manifest.js';

/** What a backend plugin registers under `BackendToken`. */
export type BackendV1 = {
  readonly manifest: BackendManifest;
  /** The package or file that registered it, for duplicate-id errors. */
  readonly source?: string;
};

/**
 * Adds a package's backend(s) to a (child) container, e.g. `registerGeminiBackend(container)`.
 * No I/O. A third-party plugin module exports it as `register`.
 */
export type RegisterBackend = (container: DependencyContainer) => void;

/** The shape a plugin module named in `.agentrc` `plugins` must have. */
export type BackendPluginModule = { readonly register: RegisterBackend };
