// Programmatic surface of the CLI, for embedders and tools (the executable is bin/agentbridge.mjs).
export type { CommandLine, InputFormat, OutputFormat, RunMode } from './argv/parse-command-line.js';
export { parseCommandLine } from './argv/parse-command-line.js';
export type { BackendRegistration } from './backends/backend-registration.js';
export { builtinBackends } from './backends/builtin-backends.js';
export type { BackendCatalog, CreateContainerOptions } from './backends/create-container.js';
export { createContainer } from './backends/create-container.js';
export { runCli } from './cli.js';
export type { CliContext, TerminationSignal } from './cli-context.js';
export { processContext } from './cli-context.js';
export type { AgentConfig, BackendSettings } from './config/agent-config-schema.js';
export { agentConfigSchema } from './config/agent-config-schema.js';
export type { ConfigFile, LoadConfigOptions } from './config/load-config.js';
export { loadConfig } from './config/load-config.js';
export type { PluginReference, ResolvedSettings } from './config/resolve-settings.js';
export { resolveSettings } from './config/resolve-settings.js';
export { loadPlugins } from './plugins/load-plugins.js';
export type { SessionRecord, SessionStore } from './session/session-store.js';
export { createSessionStore } from './session/session-store.js';
