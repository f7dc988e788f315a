import type { DependencyContainer } from 'tsyringe';

/**
 * The convention every backend package follows: one function that adds its backend(s) to a
 * container (`registerGeminiBackend(container)`). It performs no I/O and is called once per
 * (child) container. A third-party plugin module exports it as `register`.
 */
export type RegisterBackend = (container: DependencyContainer) => void;

/** The shape a plugin module named in `.agentrc` `plugins` must have. */
export type BackendPluginModule = {
  readonly register: RegisterBackend;
};
