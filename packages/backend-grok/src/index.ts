export { registerGrokBackend } from './register-grok-backend.js';
