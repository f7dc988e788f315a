import { createHarness } from './bridge-harness.js';
import { seedVendorBackend } from './seed-vendor-quirks.js';

/** A harness in a turn, with the seed's vendor conventions as quirks (unless a backend is given). */
export function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({ backend: seedVendorBackend, ...options });
  harness.initialize();
  harness.user('go');
  return harness;
}
