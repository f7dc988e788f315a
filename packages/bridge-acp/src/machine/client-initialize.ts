import type { McpServerConfig } from '@agentbridge/core/contracts';
import { emitControlError, emitInitializeAnswer } from './client-messages.js';
import { startHandshake } from './handshake.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { readClientSystemPrompt } from './standing-instructions.js';

/**
 * True while a `user` line must not start the ACP handshake: the client promised an `initialize`
 * (`--await-initialize`) that has not arrived yet.
 */
export function awaitsClientInitialize(context: MachineContext): boolean {
  return context.launch.awaitInitialize === true && !context.state.clientInitialized;
}

/**
 * H-01: the client's `initialize`. The first one starts the handshake and is answered at
 * session-ready (H-11); one arriving once the session is ready is answered at once. Before the
 * handshake starts its system prompt, `mcpServers` (S-02) and `disallowedTools` become part of
 * the launch; the answer tells the SDK what was applied and what was not.
 */
export function onInitialize(
  context: MachineContext,
  requestId: string | undefined,
  request: Record<string, unknown>,
): void {
  const { state } = context;
  const beforeHandshake = state.phase === 'idle';
  if (beforeHandshake) state.clientSystemPrompt = readClientSystemPrompt(request);
  const flags = applyInitializeFields(context, request, beforeHandshake);
  state.clientInitialized = true;
  if (state.phase === 'failed' || state.phase === 'exited') {
    emitControlError(
      context,
      requestId,
      'The agent is not available: its handshake failed or it exited.',
    );
    return;
  }
  if (requestId && Object.keys(flags).length > 0) state.initializeAnswerFlags.set(requestId, flags);
  if (state.phase === 'ready') {
    if (requestId) emitInitializeAnswer(context, requestId);
    return;
  }
  if (requestId) state.pendingInitializeIds.push(requestId);
  startHandshake(context);
}

/**
 * Takes over the launch-time fields of an `initialize` request and returns the answer's verdicts,
 * the names the Agent SDK checks: `mcp_servers_applied` (servers reach `session/new` only before
 * the handshake), `disallowed_tools_applied` (the bridge's permission rules), and `false` for what
 * an ACP agent cannot take (`settings`, `managedSettings`, hooks, plugins), so the SDK refuses
 * clearly instead of running without them.
 */
function applyInitializeFields(
  context: MachineContext,
  request: Record<string, unknown>,
  beforeHandshake: boolean,
): Record<string, boolean> {
  const { state, log } = context;
  const flags: Record<string, boolean> = {};
  if (isRecord(request.mcpServers)) {
    if (beforeHandshake) {
      const servers: Record<string, McpServerConfig> = { ...state.mcpServers };
      for (const [name, config] of Object.entries(request.mcpServers)) {
        if (isRecord(config)) servers[name] = config as McpServerConfig;
        else log.warn('MCP server of the initialize request ignored: not an object', { name });
      }
      state.mcpServers = servers;
      state.mcpServerNames = Object.keys(servers);
      flags.mcp_servers_applied = true;
    } else {
      log.warn('MCP servers of a late initialize request not applied: the session is open');
      flags.mcp_servers_applied = false;
    }
  }
  if (Array.isArray(request.disallowedTools)) {
    const rules = request.disallowedTools.filter(
      (rule): rule is string => typeof rule === 'string' && rule !== '',
    );
    state.disallowedTools = [...state.disallowedTools, ...rules];
    flags.disallowed_tools_applied = true;
  }
  if (request.settings !== undefined) {
    log.warn('settings of the initialize request cannot be applied to an ACP agent');
    flags.settings_applied = false;
  }
  if (request.managedSettings !== undefined) {
    log.warn('managed settings of the initialize request cannot be applied to an ACP agent');
    flags.managed_settings_applied = false;
  }
  if (isRecord(request.hooks) && Object.keys(request.hooks).length > 0) {
    log.warn('hooks are not run for an ACP agent; the initialize request hooks are ignored');
    flags.hooks_applied = false;
    flags.hook_on_failure_supported = false;
  }
  if (Array.isArray(request.plugins) && request.plugins.length > 0) {
    log.warn('plugins cannot be loaded into an ACP agent; ignored');
    flags.plugins_applied = false;
  }
  return flags;
}
