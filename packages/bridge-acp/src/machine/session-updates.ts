import { contentBlockText } from '../content/content-block-text.js';
import { toClaudePermissionMode } from '../modes/resolve-mode-id.js';
import { toSlashCommands } from '../north/client-lines.js';
import { applyConfigOptionUpdate } from '../session/session-catalog.js';
import { emitCommandsChanged, emitSystemInit, emitSystemStatus } from './client-messages.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { extendReplaySettle } from './replay-settle.js';
import { agentModeFor } from './session-settings.js';
import { applyToolCallFrame } from './tool-calls.js';

/**
 * One `session/update` notification (N-02, N-03, S-06). Updates for another session are ignored
 * (S-22 gap fix). While `session/load` replays history only commands, mode, config options and
 * usage are kept. Content updates (message and thought chunks, tool calls, plans) that arrive while
 * no `session/prompt` is in flight are dropped (gap fix of ST-07 / T-33, seed §4.1 item 14): an agent
 * may send part of its `session/load` replay after the load's answer (`quirks.loadReplaySettleMs`), and that text must not reach the
 * next turn. State updates (commands, modes, config options, usage) apply at any time, and so does a
 * chunk matching `quirks.modeChangeChunkPattern`.
 */
export function onSessionUpdate(context: MachineContext, params: unknown): void {
  if (!isRecord(params)) return;
  const { state } = context;
  const expected = state.replaying ? state.requestedSessionId : state.sessionId;
  if (expected === undefined && state.phase === 'handshake') {
    keepEarlyCommands(context, params);
    return;
  }
  if (expected === undefined || params.sessionId !== expected) {
    context.log.debug('session/update for another session ignored');
    return;
  }
  if (state.replaySettle !== undefined) extendReplaySettle(context);
  if (params._meta !== undefined) context.ledger.applyNotificationMeta(params._meta);
  const update = params.update;
  if (!isRecord(update)) return;
  const kind = update.sessionUpdate;
  switch (kind) {
    case 'agent_message_chunk':
    case 'agent_thought_chunk': {
      if (state.replaying) return;
      const text = contentBlockText(update.content) ?? '';
      const pattern = context.modeChangePattern;
      if (kind === 'agent_message_chunk' && pattern !== undefined) {
        const trimmed = text.trim();
        const match = pattern.exec(trimmed);
        if (match !== null && match[0].length === trimmed.length && match[1]) {
          applyAgentModeChange(context, match[1]);
          return;
        }
      }
      if (state.turn?.promptInFlight !== true) {
        context.log.debug('content update outside a turn dropped', { kind });
        return;
      }
      const messageId = typeof update.messageId === 'string' ? update.messageId : undefined;
      if (kind === 'agent_thought_chunk') context.stream.thinking(text, messageId);
      else context.stream.text(text, messageId);
      return;
    }
    case 'tool_call':
    case 'tool_call_update':
      if (state.replaying) return;
      if (state.turn?.promptInFlight !== true) {
        context.log.debug('content update outside a turn dropped', { kind });
        return;
      }
      applyToolCallFrame(context, update);
      return;
    case 'usage_update':
      context.ledger.applyUsageUpdate(update);
      return;
    case 'available_commands_update':
      state.commands = toSlashCommands(update.availableCommands);
      if (state.replaying) return;
      // N-06: the SDK's `supportedCommands()` reads the latest `system/commands_changed`.
      emitCommandsChanged(context);
      if (state.initEmitted) emitSystemInit(context);
      return;
    case 'current_mode_update':
      if (typeof update.currentModeId === 'string' && update.currentModeId !== '') {
        applyAgentModeChange(context, update.currentModeId);
      }
      return;
    case 'config_option_update': {
      const before = state.catalog.currentModeId;
      state.catalog = applyConfigOptionUpdate(state.catalog, update.configOptions);
      refreshCatalogWindows(context);
      const after = state.catalog.currentModeId;
      if (after !== undefined && after !== before) applyAgentModeChange(context, after);
      return;
    }
    case 'user_message_chunk':
    case 'plan':
      return;
    default:
      context.log.debug('ignored session/update kind', {
        kind: typeof kind === 'string' ? kind : '',
      });
  }
}

/**
 * An agent-side mode change (`current_mode_update`, a mode config option, or a chunk matching
 * `quirks.modeChangeChunkPattern`): tracked, and surfaced as `system/status` with the Claude mode
 * when that changes (gap fix: the seed never told the client).
 */
export function applyAgentModeChange(context: MachineContext, modeId: string): void {
  const { state } = context;
  state.catalog = { ...state.catalog, currentModeId: modeId };
  if (state.replaying || state.sessionId === undefined) return;
  const current = agentModeFor(context, state.permissionMode);
  if (current !== undefined && current.toLowerCase() === modeId.toLowerCase()) return;
  const claudeMode = toClaudePermissionMode(
    modeId,
    state.catalog.modes.map((mode) => mode.id),
    context.quirks.permissionModeSynonyms,
  );
  if (claudeMode === state.permissionMode) return;
  state.permissionMode = claudeMode;
  emitSystemStatus(context);
}

/** U-21: hands the catalog's per-model context windows to the usage ledger. */
export function refreshCatalogWindows(context: MachineContext): void {
  const windows: Record<string, number> = {};
  for (const model of context.state.catalog.models) {
    if (model.contextWindow !== undefined && model.contextWindow > 0)
      windows[model.id] = model.contextWindow;
  }
  context.ledger.setCatalogWindows(windows);
}

/**
 * Some agents announce their commands before answering `session/new`, while the session id is
 * still unknown: the latest list per session id is kept until the session opens.
 */
function keepEarlyCommands(context: MachineContext, params: Record<string, unknown>): void {
  const update = params.update;
  if (!isRecord(update) || update.sessionUpdate !== 'available_commands_update') return;
  if (typeof params.sessionId !== 'string') return;
  context.state.earlyCommands.set(params.sessionId, toSlashCommands(update.availableCommands));
}
