export {
  type AcpTransportOptions,
  createAcpTransport,
  createUuidGenerator,
} from './acp-transport.js';
export { spawnAgentProcess } from './agent-process.js';
export { createClaudeTransport } from './claude-transport.js';
export { createClientFiles } from './client-files.js';
export { createClientTerminals } from './client-terminals.js';
export { findExecutable } from './find-executable.js';
export { createHookCommands } from './hook-commands.js';
export { combineHostOperations, type HostOperations } from './host-operations.js';
export { createMcpEndpoint } from './mcp-endpoint/create-mcp-endpoint.js';
export { type McpRelayCommand, mcpRelayTokenVariable } from './mcp-endpoint/mcp-relay-command.js';
export { createJsonSchemaValidator } from './mcp-endpoint/validate-json-schema.js';
export { createLineSplitter, createLineWriter, defaultMaxLineBytes } from './ndjson.js';
export { prepareAgentLaunch } from './prepare-agent-launch.js';
export { probeAgentVersion } from './probe-agent-version.js';
export { createRedactor, secretArgumentValues } from './redact-secrets.js';
export { createShellParser, parseShellCommand } from './shell-parser.js';
export { resolveStateDirectory } from './state-directory.js';
