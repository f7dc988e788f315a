import { BackendToken, provideValue } from '@agentbridge/core';
import type { DependencyContainer } from 'tsyringe';
import { acmeManifest } from './acme-manifest.js';

/** The package name recorded as the registration's source (shown in duplicate-id errors). */
export const acmeBackendSource = '@agentbridge/backend-example';

/**
 * Adds the Acme Agent backend to `container` under `BackendToken`. Performs no I/O and keeps no
 * state: agentbridge calls it once on the child container of each run. Exported as `register`,
 * the name agentbridge looks for in a plugin module.
 */
export function registerAcmeBackend(container: DependencyContainer): void {
  provideValue(container, BackendToken, { manifest: acmeManifest, source: acmeBackendSource });
}
