export { geminiManifest } from './gemini-manifest.js';
export type { GeminiBackendOptions } from './register-gemini-backend.js';
export { registerGeminiBackend } from './register-gemini-backend.js';
