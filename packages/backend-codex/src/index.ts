export type { CodexBackendOptions } from './codex-backend-options.js';
export { codexManifest } from './codex-manifest.js';
export { createCodexManifest, registerCodexBackend } from './register-codex-backend.js';
