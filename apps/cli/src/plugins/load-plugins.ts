import type { BackendRegistration } from '../backends/backend-registration.js';
import type { PluginReference } from '../config/resolve-settings.js';
import { loadPlugin } from './load-plugin.js';

/** Loads every plugin in order (sequentially, so errors name the first bad one). */
export async function loadPlugins(
  references: readonly PluginReference[],
): Promise<BackendRegistration[]> {
  const registrations: BackendRegistration[] = [];
  for (const reference of references) registrations.push(await loadPlugin(reference));
  return registrations;
}
