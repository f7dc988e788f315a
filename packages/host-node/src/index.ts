export {
  type AcpTransportOptions,
  createAcpTransport,
  createUuidGenerator,
} from './acp-transport.js';
export { createClaudeTransport } from './claude-transport.js';
export { findExecutable } from './find-executable.js';
export type { HostOperations } from './host-operations.js';
export { createLineSplitter, createLineWriter, defaultMaxLineBytes } from './ndjson.js';
export { prepareAgentLaunch } from './prepare-agent-launch.js';
export { probeAgentVersion } from './probe-agent-version.js';
export { createRedactor, secretArgumentValues } from './redact-secrets.js';
export { resolveStateDirectory } from './state-directory.js';
