export type { GeminiBackendOptions } from './gemini-backend-options.js';
export { geminiManifest } from './gemini-manifest.js';
export { createGeminiManifest, registerGeminiBackend } from './register-gemini-backend.js';
