/**
 * The light entry point of `@agentbridge/core`: errors, logger, DI tokens, backend manifest and
 * transport types, and `applyBackendOverrides`, without the stream-json schemas (importing this
 * module never loads zod). `@agentbridge/core` re-exports all of it.
 *
 * @packageDocumentation
 */
export type {
  BackendAuth,
  BackendEnv,
  BackendHints,
  BackendLaunch,
  BackendManifest,
  BackendProbe,
  BackendProcess,
  BackendQuirks,
  BackendV1,
  McpArgumentsEnvelope,
  VersionedArgs,
} from './backend/backend-manifest.js';
export type { BackendOverrides } from './backend/backend-overrides.js';
export { applyBackendOverrides } from './backend/backend-overrides.js';
export type { ClaudePermissionMode } from './backend/claude-permission-mode.js';
export { claudePermissionModes } from './backend/claude-permission-mode.js';
export type { BackendPluginModule, RegisterBackend } from './backend/register-backend.js';
export type { Token } from './di/token.js';
export { createToken, provideFactory, provideValue, resolveAll, resolveToken } from './di/token.js';
export type { Clock, IdGenerator } from './di/tokens.js';
export { BackendToken, ClockToken, IdGeneratorToken, LoggerToken } from './di/tokens.js';
export { AgentError } from './errors/agent-error.js';
export type { AgentErrorCode } from './errors/agent-error-code.js';
export { BackendNotFoundError } from './errors/backend-not-found-error.js';
export type { ConfigIssue } from './errors/config-error.js';
export { ConfigError } from './errors/config-error.js';
export { DuplicateBackendError } from './errors/duplicate-backend-error.js';
export { ExecutableNotFoundError } from './errors/executable-not-found-error.js';
export { ExitError } from './errors/exit-error.js';
export { InternalError } from './errors/internal-error.js';
export { LineTooLongError } from './errors/line-too-long-error.js';
export type { JsonRpcErrorObject } from './errors/protocol-error.js';
export { ProtocolError } from './errors/protocol-error.js';
export { UsageError } from './errors/usage-error.js';
export type { LogData, Logger } from './logging/logger.js';
export { noopLogger } from './logging/logger.js';
export type { LogEntry, MemoryLogger } from './logging/memory-logger.js';
export { createMemoryLogger } from './logging/memory-logger.js';
export type {
  McpHttpServerConfig,
  McpServerConfig,
  McpSseServerConfig,
  McpStdioServerConfig,
} from './protocol/mcp-server-config.js';
export type { Transport, TransportExit } from './transport/transport.js';
