import { resolveModelId } from '../session/session-catalog.js';
import { onInitialize } from './client-initialize.js';
import { emitControlError, emitControlSuccess, emitSystemStatus } from './client-messages.js';
import { interruptTurn } from './interrupt-turn.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { agentModeFor, switchMode, switchModel } from './session-settings.js';

/** The real CLI's error for a subtype it does not know (stream-json §5.1). */
export function unsupportedSubtypeText(subtype: string): string {
  return `Unsupported control request subtype: ${subtype}`;
}

/**
 * A client `control_request` (P-03, C-01..C-05): exactly one `control_response` per request that
 * has a `request_id` (P-04), synchronously or when the agent answers.
 */
export function onControlRequest(context: MachineContext, line: Record<string, unknown>): void {
  const requestId = typeof line.request_id === 'string' ? line.request_id : undefined;
  const request = isRecord(line.request) ? line.request : {};
  const subtype = typeof request.subtype === 'string' ? request.subtype : '';
  switch (subtype) {
    case 'initialize':
      onInitialize(context, requestId, request);
      return;
    case 'interrupt':
      interruptTurn(context, () => emitControlSuccess(context, requestId, { still_queued: [] }));
      return;
    case 'set_model':
      onSetModel(context, requestId, request.model);
      return;
    case 'set_permission_mode':
      onSetPermissionMode(context, requestId, request.mode);
      return;
    case 'set_max_thinking_tokens':
      // Known to the real CLI, which answers without a `response`; ACP has no thinking budget.
      context.log.info('ACP cannot honour set_max_thinking_tokens; acknowledged and ignored', {
        maxThinkingTokens:
          typeof request.max_thinking_tokens === 'number' ? request.max_thinking_tokens : null,
      });
      emitControlSuccess(context, requestId);
      return;
    case 'mcp_status':
      emitControlSuccess(context, requestId, {
        mcpServers: context.state.mcpStatuses.map((status) => ({ ...status })),
      });
      return;
    default:
      context.log.info('unsupported control request', { subtype });
      emitControlError(context, requestId, unsupportedSubtypeText(subtype), 'unsupported_request');
  }
}

/**
 * C-02: resolves the model (exact id, else display name; unresolved values pass through raw) and
 * switches; answers `{model: <id now in effect>}` as the real CLI does.
 */
function onSetModel(
  context: MachineContext,
  requestId: string | undefined,
  requested: unknown,
): void {
  const { state } = context;
  if (state.phase !== 'ready' || state.sessionId === undefined) {
    emitControlError(context, requestId, 'no session');
    return;
  }
  if (typeof requested !== 'string' || requested === '' || requested === 'default') {
    const current = state.catalog.currentModelId ?? '';
    emitControlSuccess(context, requestId, { model: current });
    return;
  }
  const modelId = resolveModelId(requested, state.catalog) ?? requested;
  switchModel(context, modelId, (outcome) => {
    if (!outcome.ok) {
      emitControlError(context, requestId, outcome.error);
      return;
    }
    emitControlSuccess(context, requestId, { model: outcome.id });
  });
}

/** C-03: maps the Claude mode onto an agent mode (C-04) and switches; answers `{mode}`. */
function onSetPermissionMode(
  context: MachineContext,
  requestId: string | undefined,
  requested: unknown,
): void {
  const { state } = context;
  const claudeMode =
    typeof requested === 'string' ? (requested === 'manual' ? 'default' : requested) : '';
  const modeId =
    state.sessionId === undefined || state.phase !== 'ready'
      ? undefined
      : agentModeFor(context, claudeMode);
  if (modeId === undefined) {
    emitControlError(
      context,
      requestId,
      `the agent offers no session mode matching '${claudeMode}'`,
    );
    return;
  }
  const adopt = (): void => {
    const changed = state.permissionMode !== claudeMode;
    state.permissionMode = claudeMode;
    emitControlSuccess(context, requestId, { mode: claudeMode });
    if (changed) emitSystemStatus(context);
  };
  if (modeId === state.catalog.currentModeId) {
    adopt();
    return;
  }
  switchMode(context, modeId, (outcome) => {
    if (!outcome.ok) {
      emitControlError(context, requestId, outcome.error);
      return;
    }
    adopt();
  });
}
