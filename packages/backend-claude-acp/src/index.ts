export { claudeAcpManifest } from './claude-acp-manifest.js';
export { registerClaudeAcpBackend } from './register-claude-acp-backend.js';
