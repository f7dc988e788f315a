import { contentBlockText } from '../content/content-block-text.js';
import { clientMethods } from '../json-rpc/acp-methods.js';
import { agentEnvelope, readRpcError } from '../json-rpc/agent-schemas.js';
import { type JsonRpcId, methodNotFoundCode, type RpcOutcome } from '../json-rpc/json-rpc.js';
import {
  parseSessionNotification,
  permissionRequest,
  readChunk,
  type SessionNotificationIn,
  type SessionUpdateIn,
  unmodelled,
} from '../json-rpc/session-update-schemas.js';
import { toSlashCommands } from '../north/client-lines.js';
import { applyConfigOptionUpdate } from '../session/session-catalog.js';
import { logFailure, type MachineContext } from './bridge-state.js';
import { isOfferedClientMethod, onClientMethod } from './client-methods.js';
import { emitCommandsChanged, emitSystemInit } from './client-output.js';
import { extendReplay } from './fail-handshake.js';
import { onPermissionRequest } from './permissions.js';
import { applyAgentModeChange, refreshCatalogWindows } from './session-switches.js';
import { applyToolCallFrame } from './tool-call-frames.js';
import { applyPlan } from './tool-calls.js';

/** One classified line from the agent. */
type Inbound =
  | {
      readonly kind: 'request';
      readonly id: JsonRpcId;
      readonly method: string;
      readonly params: unknown;
    }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'response'; readonly id: JsonRpcId; readonly outcome: RpcOutcome };

/**
 * Parses one agent stdout line (A-05..A-07). `malformed` when it starts with `{` but is not JSON;
 * `undefined` for other lines that are not JSON objects, and for objects with neither a `method`
 * nor a usable id (an `id: null` parse-error response).
 */
export function parseInbound(line: string): Inbound | 'malformed' | undefined {
  return classifyInbound(parseLine(line));
}

/** What {@link parseLine} returns for a line that starts with `{` but is not JSON. */
const malformed = Symbol('malformed');

/** The line's JSON value; {@link malformed}, or `undefined` for other lines that are not JSON. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line.trimStart().startsWith('{') ? malformed : undefined;
  }
}

/** {@link parseInbound} of a parsed line. */
function classifyInbound(value: unknown): Inbound | 'malformed' | undefined {
  if (value === malformed) return 'malformed';
  const message = agentEnvelope.safeParse(value);
  if (!message.success) return undefined;
  const { method, id, params, result } = message.data;
  if (method !== undefined && method !== '') {
    return id === undefined
      ? { kind: 'notification', method, params }
      : { kind: 'request', id, method, params };
  }
  if (id === undefined) return undefined;
  const error = readRpcError(message.data.error);
  const outcome: RpcOutcome = error !== undefined ? { ok: false, error } : { ok: true, result };
  return { kind: 'response', id, outcome };
}

/**
 * The bridge's `onAgentLine` (the hot path: a text chunk goes from here to the turn stream). It
 * never throws: a failure inside is logged.
 */
export function createAgentIntake(context: MachineContext): (line: string) => void {
  return (line) => {
    context.state.stall.lines += 1;
    try {
      onAgentLine(context, line);
    } catch (error) {
      logFailure(context, 'agent line', error);
    }
  };
}

/**
 * One agent stdout line (A-05..A-07, N-01, F-01): answers settle the bridge's requests,
 * `session/request_permission` goes to the permission flow, the client `fs`/`terminal` methods the
 * backend offers (CF-01) to theirs, other requests are refused with -32601; `session/update` is
 * routed here; other notifications are logged.
 */
function onAgentLine(context: MachineContext, line: string): void {
  const value = parseLine(line);
  // The hot path: a `session/update` notification (every chunk) skips the `Inbound` record, and a
  // plain chunk the schemas (readChunk reads it as they would).
  const notice = value as { method?: unknown; id?: unknown; params?: unknown };
  if (
    typeof value === 'object' &&
    value !== null &&
    notice.method === clientMethods.session_update
  ) {
    const { id } = notice;
    if (typeof id !== 'number' && typeof id !== 'string') {
      onSessionUpdate(context, notice.params);
      return;
    }
  }
  const message = classifyInbound(value);
  // F-04, GA-01: logged and skipped; the turn goes on (what bounds a lost answer is the cancel
  // grace and the stall watchdog).
  if (message === 'malformed') {
    context.log.warn('agent stdout line that is not valid JSON skipped', { length: line.length });
    return;
  }
  if (message === undefined) {
    context.log.debug('agent stdout line that is not JSON-RPC ignored');
    return;
  }
  switch (message.kind) {
    case 'notification':
      if (message.method === clientMethods.session_update) onSessionUpdate(context, message.params);
      else context.log.debug('ignored ACP notification', { method: message.method });
      return;
    case 'request':
      if (message.method === clientMethods.session_request_permission) {
        onPermissionRequest(context, message.id, permissionRequest.parse(message.params));
        return;
      }
      if (isOfferedClientMethod(context, message.method)) {
        onClientMethod(context, message.id, message.method, message.params);
        return;
      }
      context.rpc.respondError(
        message.id,
        methodNotFoundCode,
        `Method not supported by this client: ${message.method}`,
        { method: message.method },
      );
      return;
    case 'response':
      if (!context.rpc.settle(message.id, message.outcome))
        context.log.debug('unmatched JSON-RPC response ignored', { id: message.id });
  }
}

/**
 * One `session/update` (N-02, N-03, S-06). Updates for another session are ignored (S-22). While a
 * `session/load` replays history only commands, modes, config options and usage are kept. Content
 * updates (chunks, tool calls) while no prompt is in flight are dropped (ST-07, T-33: a replay
 * tail after the load's answer must not reach the next turn); state updates apply at any time, and
 * so does a chunk matching `quirks.modeChangeChunkPattern`.
 */
function onSessionUpdate(context: MachineContext, params: unknown): void {
  const notification = readChunk(params) ?? parseSessionNotification(params);
  if (notification !== undefined) applySessionUpdate(context, notification);
}

function applySessionUpdate(context: MachineContext, notification: SessionNotificationIn): void {
  const { sessionId, update, usage } = notification;
  const { state } = context;
  const { phase } = state;
  const replay = phase.name === 'handshake' ? phase.replay : undefined;
  const expected =
    replay?.sessionId ??
    (phase.name === 'ready' || phase.name === 'handshake' ? phase.session?.id : undefined);
  if (expected === undefined && phase.name === 'handshake') {
    if (update.sessionUpdate === 'available_commands_update' && sessionId !== undefined)
      phase.earlyCommands.set(sessionId, toSlashCommands(update.availableCommands));
    return;
  }
  if (expected === undefined || sessionId !== expected) {
    context.log.debug('session/update for another session ignored');
    return;
  }
  if (replay?.settle !== undefined) extendReplay(context, replay.settle.delayMs);
  if (usage !== undefined) context.ledger.applyNotificationMeta(usage);
  if (update.usage !== undefined) context.ledger.applyNotificationMeta(update.usage);
  const replaying = replay !== undefined;
  switch (update.sessionUpdate) {
    case 'agent_message_chunk':
    case 'agent_thought_chunk':
      if (!replaying) onChunk(context, update);
      return;
    case 'tool_call':
    case 'tool_call_update':
    case 'plan': {
      if (replaying) return;
      if (state.turn?.prompt !== 'sent' && state.turn?.prompt !== 'cancelling') {
        context.log.debug('content update outside a turn dropped', { kind: update.sessionUpdate });
        return;
      }
      // LM-02: once the bridge stops a turn, what the agent starts after it is not shown (Claude
      // Code would not have made that model call); updates of calls already shown still settle.
      const shown =
        update.sessionUpdate !== 'plan' &&
        update.toolCallId !== undefined &&
        state.turn.tools.has(update.toolCallId);
      if (state.turn.stopping !== undefined && !shown) {
        context.log.debug('content after the bridge stopped the turn dropped', {
          kind: update.sessionUpdate,
        });
        return;
      }
      if (update.sessionUpdate === 'plan') applyPlan(context, update.entries);
      else applyToolCallFrame(context, update);
      return;
    }
    case 'usage_update':
      context.ledger.applyUsageUpdate(update);
      return;
    case 'available_commands_update': {
      const session =
        phase.name === 'ready' || phase.name === 'handshake' ? phase.session : undefined;
      const commands = toSlashCommands(update.availableCommands);
      if (session === undefined) {
        if (phase.name === 'handshake') phase.earlyCommands.set(expected, commands);
        return;
      }
      session.commands = commands;
      if (replaying) return;
      // N-06: the SDK's `supportedCommands()` reads the latest `system/commands_changed`; a
      // client that never sent `initialize` gets none, so it sees the list in a new `system/init`.
      emitCommandsChanged(context);
      if (session.lastInit !== undefined && !state.client.initializeAnswered)
        emitSystemInit(context);
      return;
    }
    case 'current_mode_update': {
      const modeId = update.currentModeId;
      const known = phase.name === 'ready' ? phase.session.catalog.currentModeId : undefined;
      // GA-05: a repeated, unchanged mode is no change.
      if (modeId !== undefined && modeId !== '' && modeId !== known)
        applyAgentModeChange(context, modeId);
      return;
    }
    case 'config_option_update': {
      const session =
        phase.name === 'ready' || phase.name === 'handshake' ? phase.session : undefined;
      if (session === undefined) {
        if (phase.name === 'handshake')
          phase.catalog = applyConfigOptionUpdate(phase.catalog, update.configOptions);
        return;
      }
      const before = session.catalog.currentModeId;
      session.catalog = applyConfigOptionUpdate(session.catalog, update.configOptions);
      refreshCatalogWindows(context, session);
      const after = session.catalog.currentModeId;
      if (after !== undefined && after !== before) applyAgentModeChange(context, after);
      return;
    }
    case 'user_message_chunk':
      return;
    case unmodelled:
      context.log.debug('ignored session/update kind', { kind: update.kind });
  }
}

/** ST-01..ST-03: a message or thought chunk (the hot path), or a mode-change chunk. */
function onChunk(
  context: MachineContext,
  update: Extract<
    SessionUpdateIn,
    { sessionUpdate: 'agent_message_chunk' | 'agent_thought_chunk' }
  >,
): void {
  const content = update.content;
  const text =
    content?.type === 'text' && typeof content.text === 'string'
      ? content.text
      : (contentBlockText(content) ?? '');
  const pattern = context.modeChangePattern;
  if (update.sessionUpdate === 'agent_message_chunk' && pattern !== undefined) {
    const trimmed = text.trim();
    const match = pattern.exec(trimmed);
    if (match !== null && match[0].length === trimmed.length && match[1]) {
      applyAgentModeChange(context, match[1]);
      return;
    }
  }
  const turn = context.state.turn;
  if (turn?.prompt !== 'sent' && turn?.prompt !== 'cancelling') {
    context.log.debug('content update outside a turn dropped', { kind: update.sessionUpdate });
    return;
  }
  if (turn.stopping !== undefined) {
    context.log.debug('content after the bridge stopped the turn dropped', {
      kind: update.sessionUpdate,
    });
    return;
  }
  if (update.sessionUpdate === 'agent_thought_chunk')
    context.stream.thinking(text, update.messageId);
  else context.stream.text(text, update.messageId);
}
