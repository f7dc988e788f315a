export { qwenManifest } from './qwen-manifest.js';
export { registerQwenBackend } from './register-qwen-backend.js';
