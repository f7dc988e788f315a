import { lineTagsOf, parseClientLine } from '@agentbridge/core';
import type {
  ClientControlRequestMessage,
  InitializeRequest,
  McpServerConfig,
} from '@agentbridge/core/contracts';
import { readHookRegistry } from '../hooks/hook-registry.js';
import { onMcpControl } from '../mcp/mcp-control.js';
import { readSdkServers } from '../mcp/mcp-state.js';
import { permissionOptionChoice } from '../modes/permission-option.js';
import type { ControlRequestId } from '../north/client-lines.js';
import { resolveModelId } from '../session/session-catalog.js';
import { contextUsageOf } from '../usage/context-usage.js';
import type { MachineContext } from './bridge-state.js';
import { onBadClientLine, onUnmodelledClientLine } from './client-line-faults.js';
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

/** A control request the client may send, parsed (stream-json §5.2). */
type ClientRequest = ClientControlRequestMessage['request'];

/**
 * One client line (P-01..P-05), parsed once with core's schemas: `control_request` → C-xx, `user` →
 * PR-xx (it starts the handshake of a client that sent no `initialize`, unless
 * `--await-initialize` promised one), `control_response` → PM-03; `keep_alive` and the client's
 * `control_cancel_request` are ignored. A line that fails its schema gets the answer its kind
 * allows (P-05).
 */
export function onClientLine(context: MachineContext, line: string) {
  const parsed = parseClientLine(line);
  if (!parsed.ok) return onBadClientLine(context, parsed.error, () => onUser(context, undefined));
  if (!parsed.known) return onUnmodelledClientLine(context, lineTagsOf(parsed.message));
  const { message } = parsed;
  switch (message.type) {
    case 'control_request':
      return onControlRequest(context, message.request_id, message.request);
    case 'user':
      return onUser(context, message);
    case 'control_response':
      if (!context.clientRequests.settle(message.response))
        context.log.info('answer for an unknown request ignored', {
          requestId: message.response.request_id,
        });
      return;
    case 'keep_alive':
      return;
    case 'control_cancel_request':
      return context.log.info('client withdrew a request the bridge does not hold; ignored');
  }
}

/** PR-xx: a `user` line (an unreadable one as one without content: PR-02, P-05). */
function onUser(context: MachineContext, message: Parameters<typeof acceptUserMessage>[1]) {
  if (context.launch.awaitInitialize !== true || context.state.client.initialized)
    startHandshake(context);
  acceptUserMessage(context, message);
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
 * A `control_request` (P-03, C-01..C-05): one `control_response` per request, its `request_id`
 * echoed as sent, string or number (FT-05).
 */
function onControlRequest(
  context: MachineContext,
  requestId: ControlRequestId,
  request: ClientRequest,
) {
  const { phase } = context.state;
  const session = phase.name === 'ready' ? phase.session : undefined;
  switch (request.subtype) {
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
      if (requested == null || requested === '' || requested === 'default')
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
      const mode = claudeMode(request.mode);
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
      onUnmodelledClientLine(context, {
        type: 'control_request',
        subtype: request.subtype,
        requestId,
      });
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
  requestId: ControlRequestId,
  request: InitializeRequest,
) {
  const { state, log } = context;
  const { client } = state;
  const beforeHandshake = state.phase.name === 'idle';
  const applied: Record<string, boolean> = {};
  if (beforeHandshake) client.systemPrompt = readClientSystemPrompt(request);
  if (beforeHandshake) readSdkServers(state.mcp, request);
  if (request.mcpServers !== undefined) {
    if (beforeHandshake) {
      // Converted to ACP's at the session's start (to-acp-mcp-servers.ts), which reports a bad one.
      const servers = request.mcpServers as Record<string, McpServerConfig>;
      client.mcpServers = { ...client.mcpServers, ...servers };
    } else {
      log.warn('MCP servers of a late initialize request not applied: the session is open');
    }
    applied.mcp_servers_applied = beforeHandshake;
  }
  if (request.disallowedTools !== undefined) {
    const rules = request.disallowedTools.filter((rule) => rule !== '');
    client.disallowedTools = [...client.disallowedTools, ...rules];
    applied.disallowed_tools_applied = true;
  }
  if (request.hooks !== undefined && Object.keys(request.hooks).length > 0) {
    // HK-01: the hooks the bridge fires; others are named to the client at session start.
    client.hooks = readHookRegistry(request.hooks);
    applied.hooks_applied = true;
    applied.hook_on_failure_supported = true;
  }
  const refused: [boolean, string[], string][] = [
    [request.settings !== undefined, ['settings_applied'], 'settings'],
    [request.managedSettings !== undefined, ['managed_settings_applied'], 'managed settings'],
    [(request.plugins?.length ?? 0) > 0, ['plugins_applied'], 'plugins'],
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
    return emitInitializeAnswer(context, requestId, applied);
  }
  startHandshake(context);
  const handshake = state.phase;
  if (handshake.name === 'handshake') handshake.initializing.push({ requestId, applied });
}
