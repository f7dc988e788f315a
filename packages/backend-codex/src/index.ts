export { codexManifest } from './codex-manifest.js';
export type { CodexBackendOptions } from './register-codex-backend.js';
export { registerCodexBackend } from './register-codex-backend.js';
