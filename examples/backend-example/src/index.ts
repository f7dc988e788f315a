/**
 * `@agentbridge/backend-example`: the Acme Agent backend as a third-party agentbridge plugin. A
 * plugin module exports `register(container)`; `manifest` is exported too, for tests and tools.
 */
export { acmeManifest, acmeManifest as manifest } from './acme-manifest.js';
export {
  acmeBackendSource,
  registerAcmeBackend,
  registerAcmeBackend as register,
} from './register-acme-backend.js';
