import type { AGENT_METHODS, CLIENT_METHODS } from '@agentclientprotocol/sdk/unstable';

/**
 * The ACP methods the bridge calls on the agent, under the SDK's `AGENT_METHODS` keys and checked
 * against its values by `satisfies` (a method the SDK renames fails the build). A type-only import:
 * the SDK's entry module builds all its zod schemas and transports when loaded, which a run would
 * pay at start-up for a table of strings. `session/set_model` is older than the SDK's table (agents
 * still serve it), so it has no key there.
 */
export const agentMethods = {
  initialize: 'initialize',
  authenticate: 'authenticate',
  session_new: 'session/new',
  session_load: 'session/load',
  session_resume: 'session/resume',
  session_fork: 'session/fork',
  session_prompt: 'session/prompt',
  session_cancel: 'session/cancel',
  session_set_mode: 'session/set_mode',
  session_set_config_option: 'session/set_config_option',
} as const satisfies Partial<typeof AGENT_METHODS>;

/** The legacy model switch (not in the SDK's table; the configuration option replaced it). */
export const setModelMethod = 'session/set_model';

/** The ACP methods the agent calls on the bridge that the bridge routes itself (SDK-checked too). */
export const clientMethods = {
  session_update: 'session/update',
  session_request_permission: 'session/request_permission',
} as const satisfies Partial<typeof CLIENT_METHODS>;
