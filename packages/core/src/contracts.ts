/**
 * The light entry point: every name of the package as a type, and the values that need no zod
 * (importing it never loads zod). `@agentbridge/core` re-exports all of it. @packageDocumentation
 */

export type * from './backend/backend-manifest.js';
export * from './backend/backend-overrides.js';
export * from './backend/claude-permission-mode.js';
export * from './di/token.js';
export * from './errors/agent-error.js';
export * from './errors/backend-errors.js';
export * from './logging/logger.js';
export * from './logging/memory-logger.js';
export type * from './stream-json/auxiliary-messages.js';
export type * from './stream-json/content-blocks.js';
export type * from './stream-json/control-messages.js';
export type * from './stream-json/conversation-messages.js';
export type * from './stream-json/initialize.js';
export type * from './stream-json/mcp-server-config.js';
export type * from './stream-json/parse-line.js';
export type * from './stream-json/permissions.js';
export type * from './stream-json/result-message.js';
export type * from './stream-json/stream-events.js';
export type * from './stream-json/system-messages.js';
export type * from './transport/bridge-event.js';
export type * from './transport/host-operation.js';
export type * from './transport/mcp-endpoint.js';
export type * from './transport/transport.js';
export * from './util/helpers.js';
