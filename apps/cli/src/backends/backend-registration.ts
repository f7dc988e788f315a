import type { RegisterBackend } from '@agentbridge/core/contracts';

/** One contributor of backends: a built-in package or a plugin from `.agentrc`. */
export type BackendRegistration = {
  /** Package name or file that contributes (named in errors). */
  readonly source: string;
  readonly register: RegisterBackend;
  /** Where it was configured, for errors (`/p/.agentrc` `plugins[0]`). */
  readonly origin?: { readonly configFile: string; readonly path: string };
};
