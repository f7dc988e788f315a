import type { McpServerConfig } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import { readHookRegistry } from '../hooks/hook-registry.js';
import { onMcpControl } from '../mcp/mcp-control.js';
import { readSdkServers } from '../mcp/mcp-state.js';
import { permissionOptionChoice } from '../modes/permission-option.js';
import type { ControlRequestId } from '../north/client-lines.js';
import { resolveModelId } from '../session/session-catalog.js';
import { contextUsageOf } from '../usage/context-usage.js';
import type { MachineContext } from './bridge-state.js';
import {
  emitControlError,
  emitControlSuccess,
  emitInitializeAnswer,
  emitSystemStatus,
} from './client-output.js';
import { interruptTurn, settleClientEnd } from './finish-turn.js';
import { startHandshake } from './handshake.js';
import { withdrawPendingPermissions } from './permission-denials.js';
import {
  agentModeFor,
  claudeMode,
  setConfigChoice,
  setThinkingBudget,
  switchTo,
} from './session-switches.js';
import { readClientSystemPrompt } from './standing-instructions.js';
import { acceptUserMessage } from './turn.js';

/** The real CLI's error for a control request subtype it does not know (stream-json §5.1). */
const unsupportedSubtypeText = (subtype: string): string =>
  `Unsupported control request subtype: ${subtype}`;

/**
 * One client line (P-01..P-04): `control_request` → C-xx, `user` → PR-xx (it starts the handshake
 * of a client that sent no `initialize`, unless `--await-initialize` promised one),
 * `control_response` → PM-03; `keep_alive` and the client's `control_cancel_request` are ignored.
 */
export function onClientLine(context: MachineContext, line: string) {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return context.log.warn('dropped non-JSON line from the client');
  }
  if (!isRecord(value)) return context.log.warn('dropped non-object line from the client');
  const { state } = context;
  switch (value.type) {
    case 'control_request':
      return onControlRequest(context, value);
    case 'user':
      if (context.launch.awaitInitialize !== true || state.client.initialized)
        startHandshake(context);
      return acceptUserMessage(context, value);
    case 'control_response': {
      const envelope = isRecord(value.response) ? value.response : {};
      if (!context.clientRequests.settle(envelope))
        context.log.info('answer for an unknown request ignored', {
          requestId: envelope.request_id,
        });
      return;
    }
    case 'keep_alive':
      return;
    case 'control_cancel_request':
      return context.log.info('client withdrew a request the bridge does not hold; ignored');
    default:
      context.log.info('ignored client line', { type: String(value.type) });
  }
}

/** The client closed its input: a waiting turn still runs, open prompts are withdrawn. */
export function onClientEnd(context: MachineContext, _input?: unknown) {
  const { state } = context;
  if (state.client.input !== 'open') return;
  state.client.input = 'ended';
  if (state.phase.name === 'idle' && state.turn !== undefined) {
    // `--await-initialize` without an `initialize`: the waiting message still gets its turn.
    context.log.info('client input ended before initialize; starting the handshake');
    startHandshake(context);
  }
  withdrawPendingPermissions(context, 'interrupt');
  settleClientEnd(context);
}

/**
 * A `control_request` (P-03, C-01..C-05): one `control_response` per request with a `request_id`,
 * which is echoed as sent, string or number (FT-05); one without a usable id is logged.
 */
function onControlRequest(context: MachineContext, line: Record<string, unknown>) {
  const { request_id: id } = line;
  const requestId = typeof id === 'string' || typeof id === 'number' ? id : undefined;
  const request = isRecord(line.request) ? line.request : {};
  const subtype = typeof request.subtype === 'string' ? request.subtype : '';
  if (requestId === undefined)
    context.log.warn('control request without a string or number request_id: not answered', {
      subtype,
    });
  const { phase } = context.state;
  const session = phase.name === 'ready' ? phase.session : undefined;
  switch (subtype) {
    case 'initialize':
      return onInitialize(context, requestId, request);
    case 'interrupt':
      return interruptTurn(context, () =>
        emitControlSuccess(context, requestId, { still_queued: [] }),
      );
    case 'set_model': {
      // C-02: an exact id, else a display name; unresolved values pass through raw.
      if (session === undefined) return emitControlError(context, requestId, 'no session');
      const requested = request.model;
      if (typeof requested !== 'string' || requested === '' || requested === 'default')
        return emitControlSuccess(context, requestId, {
          model: session.catalog.currentModelId ?? '',
        });
      return switchTo(
        context,
        session,
        'model',
        resolveModelId(requested, session.catalog, context.backend?.models?.aliases) ?? requested,
        (outcome) =>
          outcome.ok
            ? emitControlSuccess(context, requestId, { model: outcome.id })
            : emitControlError(context, requestId, outcome.error),
      );
    }
    case 'set_permission_mode': {
      // C-03, C-04: the Claude mode mapped onto an agent mode.
      const mode = typeof request.mode === 'string' ? claudeMode(request.mode) : '';
      const modeId = session === undefined ? undefined : agentModeFor(context, session, mode);
      const option =
        session === undefined || modeId !== undefined
          ? undefined
          : permissionOptionChoice(session.catalog, mode);
      if (session !== undefined && option !== undefined)
        return setConfigChoice(context, session, option, (error) => {
          if (error !== undefined) return emitControlError(context, requestId, error);
          const changed = session.permissionMode !== mode;
          session.permissionMode = mode;
          emitControlSuccess(context, requestId, { mode });
          if (changed) emitSystemStatus(context, session);
        });
      if (session === undefined || modeId === undefined)
        return emitControlError(
          context,
          requestId,
          `the agent offers no session mode matching '${mode}'`,
        );
      const adopt = () => {
        const changed = session.permissionMode !== mode;
        session.permissionMode = mode;
        emitControlSuccess(context, requestId, { mode });
        if (changed) emitSystemStatus(context, session);
      };
      if (modeId === session.catalog.currentModeId) return adopt();
      return switchTo(context, session, 'mode', modeId, (outcome) =>
        outcome.ok ? adopt() : emitControlError(context, requestId, outcome.error),
      );
    }
    case 'set_max_thinking_tokens':
      return setThinkingBudget(context, requestId, request.max_thinking_tokens);
    case 'mcp_status':
    case 'mcp_message':
    case 'mcp_set_servers':
    case 'mcp_reconnect':
    case 'mcp_toggle':
      return onMcpControl(context, requestId, request);
    case 'get_context_usage':
      return emitControlSuccess(context, requestId, contextUsageOf(context));
    default:
      context.log.info('unsupported control request', { subtype });
      emitControlError(context, requestId, unsupportedSubtypeText(subtype), 'unsupported_request');
  }
}

/**
 * H-01, S-02: the client's `initialize`. The first starts the handshake and is answered at
 * session-ready (H-11); one arriving once the session is ready is answered at once. Before the
 * handshake its system prompt, `mcpServers` and `disallowedTools` become part of the launch; the
 * answer says what was applied (`mcp_servers_applied`, ...) and `false` for what an ACP agent
 * cannot take (`settings`, `managedSettings`, hooks, plugins), so the SDK refuses clearly.
 */
function onInitialize(
  context: MachineContext,
  requestId: ControlRequestId | undefined,
  request: Record<string, unknown>,
) {
  const { state, log } = context;
  const { client } = state;
  const beforeHandshake = state.phase.name === 'idle';
  const applied: Record<string, boolean> = {};
  if (beforeHandshake) client.systemPrompt = readClientSystemPrompt(request);
  if (beforeHandshake) readSdkServers(state.mcp, request);
  if (isRecord(request.mcpServers)) {
    if (beforeHandshake) {
      const servers: Record<string, McpServerConfig> = { ...client.mcpServers };
      for (const [name, config] of Object.entries(request.mcpServers)) {
        if (isRecord(config)) servers[name] = config as McpServerConfig;
        else log.warn('MCP server of the initialize request ignored: not an object', { name });
      }
      client.mcpServers = servers;
    } else {
      log.warn('MCP servers of a late initialize request not applied: the session is open');
    }
    applied.mcp_servers_applied = beforeHandshake;
  }
  if (Array.isArray(request.disallowedTools)) {
    const rules = request.disallowedTools.filter(
      (rule): rule is string => typeof rule === 'string' && rule !== '',
    );
    client.disallowedTools = [...client.disallowedTools, ...rules];
    applied.disallowed_tools_applied = true;
  }
  if (isRecord(request.hooks) && Object.keys(request.hooks).length > 0) {
    // HK-01: the hooks the bridge fires; others are named to the client at session start.
    client.hooks = readHookRegistry(request.hooks);
    applied.hooks_applied = true;
    applied.hook_on_failure_supported = true;
  }
  const refused: [boolean, string[], string][] = [
    [request.settings !== undefined, ['settings_applied'], 'settings'],
    [request.managedSettings !== undefined, ['managed_settings_applied'], 'managed settings'],
    [Array.isArray(request.plugins) && request.plugins.length > 0, ['plugins_applied'], 'plugins'],
  ];
  for (const [present, flags, what] of refused) {
    if (!present) continue;
    log.warn(`${what} of the initialize request cannot be applied to an ACP agent; ignored`);
    for (const flag of flags) applied[flag] = false;
  }
  client.initialized = true;
  const { phase } = state;
  if (phase.name === 'closed')
    return emitControlError(
      context,
      requestId,
      'The agent is not available: its handshake failed or it exited.',
    );
  if (phase.name === 'ready') {
    if (requestId !== undefined) emitInitializeAnswer(context, requestId, applied);
    return;
  }
  startHandshake(context);
  const handshake = state.phase;
  if (requestId !== undefined && handshake.name === 'handshake')
    handshake.initializing.push({ requestId, applied });
}
