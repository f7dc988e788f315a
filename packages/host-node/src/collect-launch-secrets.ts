import type { BackendManifest } from '@agentbridge/core/contracts';
import { type HostPlatform, readVariable } from './host-platform.js';
import { secretArgumentValues } from './redact-secrets.js';

/** Options of {@link collectLaunchSecrets}. */
export type CollectLaunchSecretsOptions = {
  readonly manifest: BackendManifest;
  /** The agent's complete environment. */
  readonly env: Readonly<Record<string, string>>;
  /** The configuration's `env` (`.agentrc`): every value is treated as a secret. */
  readonly configEnv?: Readonly<Record<string, string>>;
  /** The agent's arguments. */
  readonly args: readonly string[];
  readonly platform: HostPlatform;
};

/**
 * The values to mask wherever agent output, exit texts or logs are shown: the agent's
 * `manifest.env.credentials` values, every value of the configuration's `env`, and the arguments
 * that look like secrets ({@link secretArgumentValues}).
 */
export function collectLaunchSecrets(options: CollectLaunchSecretsOptions): string[] {
  return [
    ...options.manifest.env.credentials.flatMap((name) => {
      const value = readVariable(options.env, name, options.platform);
      return value ? [value] : [];
    }),
    ...Object.values(options.configEnv ?? {}),
    ...secretArgumentValues(options.args),
  ];
}
