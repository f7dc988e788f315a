/**
 * The light entry point: every name of the package as a type, and the values that need no zod
 * (importing it never loads zod). `@agentbridge/core` re-exports all of it. @packageDocumentation
 */

export * from './backend/backend-overrides.js';
export * from './backend/claude-permission-mode.js';
export * from './di/token.js';
export * from './errors/agent-error.js';
export * from './errors/backend-errors.js';
export type * from './index.js';
export * from './logging/logger.js';
export * from './logging/memory-logger.js';
export type * from './transport/bridge-event.js';
export type * from './transport/host-operation.js';
export type * from './transport/mcp-endpoint.js';
export type * from './transport/transport.js';
export * from './util/helpers.js';
