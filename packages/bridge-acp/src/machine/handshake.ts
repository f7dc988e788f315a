import { looksLikeAuthRequired } from '../auth/rank-auth-methods.js';
import { readAuthMethods } from '../auth/read-auth-methods.js';
import type { RpcOutcome } from '../json-rpc/create-json-rpc-channel.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import { acpProtocolVersion } from '../json-rpc/json-rpc-message.js';
import { toAcpMcpServers } from '../mcp/to-acp-mcp-servers.js';
import { readSessionCatalog } from '../session/session-catalog.js';
import { beginAuthentication } from './authenticate.js';
import type { AgentCapabilities } from './bridge-state.js';
import { emitInitializeAnswer, emitSystemInit } from './client-messages.js';
import { failHandshake } from './fail-handshake.js';
import { settleClientEnd } from './finish-turn.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { beginQueuedTurn } from './prompt-turn.js';
import { loadReplayTimerId } from './replay-settle.js';
import { applyStartupSettings } from './session-settings.js';
import { refreshCatalogWindows } from './session-updates.js';
import { standingInstructionsText } from './standing-instructions.js';

/** The timer id of the handshake deadline. */
export const handshakeTimerId = 'handshake';

/** Default handshake deadline in milliseconds (a browser sign-in may happen inside it). */
export const defaultHandshakeTimeoutMs = 120_000;

/**
 * H-01: starts the ACP handshake (first client `initialize`, or the first `user` line of a client
 * that sends none): arms the deadline and sends ACP `initialize` (no fs, no terminal).
 */
export function startHandshake(context: MachineContext): void {
  const { state, launch } = context;
  if (state.phase !== 'idle') return;
  state.phase = 'handshake';
  context.act({
    type: 'start-timer',
    timerId: handshakeTimerId,
    delayMs:
      launch.handshakeTimeoutMs ??
      context.backend?.process.handshakeTimeoutMs ??
      defaultHandshakeTimeoutMs,
  });
  const clientInfo = launch.clientInfo ?? { name: 'agentbridge', version: '' };
  context.rpc.request(
    'initialize',
    {
      protocolVersion: acpProtocolVersion,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo,
    },
    (answer) => onInitializeAnswer(context, answer),
  );
}

/** `{}` means supported, absent or `null` means not (ACP session capabilities). */
const offered = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== false;

/** H-04 (extended): what the agent advertised. */
export function readAgentCapabilities(value: unknown): AgentCapabilities {
  const capabilities = isRecord(value) ? value : {};
  const prompt = isRecord(capabilities.promptCapabilities) ? capabilities.promptCapabilities : {};
  const mcp = isRecord(capabilities.mcpCapabilities) ? capabilities.mcpCapabilities : {};
  const session = isRecord(capabilities.sessionCapabilities)
    ? capabilities.sessionCapabilities
    : {};
  return {
    loadSession: capabilities.loadSession === true,
    resumeSession: offered(session.resume),
    forkSession: offered(session.fork),
    image: prompt.image === true,
    audio: prompt.audio === true,
    embeddedContext: prompt.embeddedContext === true,
    mcpHttp: mcp.http === true,
    mcpSse: mcp.sse === true,
    systemPrompt: offered(session.systemPrompt),
    additionalDirectories: offered(session.additionalDirectories),
  };
}

function onInitializeAnswer(context: MachineContext, answer: RpcOutcome): void {
  const { state } = context;
  if (state.phase !== 'handshake') return;
  if (!answer.ok) {
    failHandshake(context, `initialize failed: ${formatRpcError(answer.error)}`);
    return;
  }
  const result = isRecord(answer.result) ? answer.result : {};
  const version = result.protocolVersion;
  if (typeof version === 'number' && version !== acpProtocolVersion) {
    context.log.warn('agent answered another protocolVersion; continuing best-effort', { version });
  }
  state.capabilities = readAgentCapabilities(result.agentCapabilities);
  const agentInfo = isRecord(result.agentInfo) ? result.agentInfo : {};
  state.agentName = typeof agentInfo.name === 'string' ? agentInfo.name : '';
  state.agentVersion = typeof agentInfo.version === 'string' ? agentInfo.version : '';
  state.authMethods = readAuthMethods(result.authMethods);
  const mcp = toAcpMcpServers(state.mcpServers, {
    http: state.capabilities.mcpHttp,
    sse: state.capabilities.mcpSse,
  });
  state.acpMcpServers = mcp.servers;
  state.mcpStatuses = mcp.statuses;
  for (const status of mcp.statuses) {
    if (status.status === 'failed')
      context.log.warn('MCP server not passed to the agent', { name: status.name });
  }
  openSession(context);
}

/** The `cwd`/`mcpServers`/`additionalDirectories` every session request carries (S-02). */
function sessionParams(context: MachineContext): Record<string, unknown> {
  const { state, launch } = context;
  const params: Record<string, unknown> = { cwd: launch.cwd, mcpServers: state.acpMcpServers };
  const directories = launch.additionalDirectories ?? [];
  if (directories.length > 0) {
    if (state.capabilities.additionalDirectories) params.additionalDirectories = [...directories];
    else context.log.info('agent does not take additional directories; not sent');
  }
  return params;
}

/**
 * `--fork-session` could not fork: a new session is opened instead (a fork never writes into the
 * original), logged and announced with a start-up warning.
 */
function forkAsNewSession(context: MachineContext, resumeId: string, reason: string): void {
  context.log.warn('cannot fork the session; opening a new one', { sessionId: resumeId, reason });
  context.state.startupWarnings.push(
    `The session '${resumeId}' could not be forked (${reason}): a new session was started instead, without its history; the original session is unchanged.`,
  );
  newSession(context);
}

/**
 * S-01: reopens `launch.resumeSessionId` (`session/load` with replay, else `session/resume`), else
 * opens a new session. With `--fork-session` the reopen is `session/fork`; an agent that cannot
 * fork gets `session/new` (never the original session). A failed reopen falls back to
 * `session/new` (S-05).
 */
function openSession(context: MachineContext): void {
  const { state, launch } = context;
  const resumeId = launch.resumeSessionId;
  const capabilities = state.capabilities;
  if (resumeId === undefined || resumeId === '') {
    newSession(context);
    return;
  }
  if (launch.forkSession === true && !capabilities.forkSession) {
    forkAsNewSession(context, resumeId, 'the agent does not offer session/fork');
    return;
  }
  const method =
    launch.forkSession === true
      ? 'session/fork'
      : capabilities.loadSession
        ? 'session/load'
        : capabilities.resumeSession
          ? 'session/resume'
          : undefined;
  if (method === undefined) {
    context.log.info('agent cannot reopen sessions; opening a new one');
    newSession(context);
    return;
  }
  state.requestedSessionId = resumeId;
  state.replaying = method === 'session/load';
  context.rpc.request(method, { ...sessionParams(context), sessionId: resumeId }, (answer) => {
    if (state.phase !== 'handshake') return;
    const settleMs = context.quirks.loadReplaySettleMs ?? 0;
    state.replaying = false;
    if (!answer.ok) {
      context.log.warn('reopening the session failed; creating a new session', {
        method,
        error: formatRpcError(answer.error),
      });
      newSession(context);
      return;
    }
    const result = isRecord(answer.result) ? answer.result : {};
    let openedId = resumeId;
    if (method === 'session/fork') {
      if (typeof result.sessionId !== 'string' || result.sessionId === '') {
        // Without the fork's id the only id known is the original's: never write into it.
        forkAsNewSession(context, resumeId, 'session/fork returned no sessionId');
        return;
      }
      openedId = result.sessionId;
    }
    if (method === 'session/load' && settleMs > 0) {
      // The agent's replay goes on after its answer (the quirk): it stays replay until it goes quiet.
      state.replaying = true;
      state.replaySettle = {
        delayMs: settleMs,
        finish: () => sessionOpened(context, openedId, answer.result, true),
      };
      context.act({ type: 'start-timer', timerId: loadReplayTimerId, delayMs: settleMs });
      return;
    }
    sessionOpened(context, openedId, answer.result, true);
  });
}

/** `session/new`, with the sign-in loop on an auth-looking error (AU-01) and S-07. */
function newSession(context: MachineContext): void {
  const { state, launch } = context;
  const params = sessionParams(context);
  const instructions = standingInstructionsText(launch, state.clientSystemPrompt);
  const viaSystemPrompt = instructions !== undefined && state.capabilities.systemPrompt;
  if (viaSystemPrompt)
    params.systemPrompt = { mode: 'append', content: [{ type: 'text', text: instructions }] };
  context.rpc.request('session/new', params, (answer) => {
    if (state.phase !== 'handshake') return;
    if (!answer.ok) {
      const errorText = formatRpcError(answer.error);
      if (!state.authAttempted && looksLikeAuthRequired(answer.error)) {
        beginAuthentication(context, errorText, {
          onSignedIn: () => newSession(context),
          onFailed: (reason) => failHandshake(context, reason),
        });
        return;
      }
      failHandshake(context, `session/new failed: ${errorText}`);
      return;
    }
    const result = isRecord(answer.result) ? answer.result : {};
    const sessionId = result.sessionId;
    if (typeof sessionId !== 'string' || sessionId === '') {
      failHandshake(context, 'session/new returned no sessionId.');
      return;
    }
    state.instructionsDelivered = viaSystemPrompt;
    sessionOpened(context, sessionId, answer.result, false);
  });
}

/** H-10: a session is open: read its catalog, apply the start-up switches, then finish. */
function sessionOpened(
  context: MachineContext,
  sessionId: string,
  result: unknown,
  resumed: boolean,
): void {
  const { state, launch } = context;
  state.sessionId = sessionId;
  state.sessionResumed = resumed;
  const early = state.earlyCommands.get(sessionId);
  if (early !== undefined) state.commands = early;
  state.earlyCommands.clear();
  state.catalog = readSessionCatalog(result, state.catalog);
  refreshCatalogWindows(context);
  context.act({
    type: 'session-opened',
    sessionId,
    resumed,
    ...(launch.resumeSessionId ? { requestedSessionId: launch.resumeSessionId } : {}),
  });
  applyStartupSettings(context, () => {
    if (state.phase === 'handshake') finishHandshake(context);
  });
}

/**
 * H-10 steps 4-5 and the queued turn: the session is ready; answers the client's `initialize`,
 * emits `system/init` when the client sent one, then starts a turn that waited.
 */
function finishHandshake(context: MachineContext): void {
  const { state } = context;
  state.phase = 'ready';
  context.act({ type: 'cancel-timer', timerId: handshakeTimerId });
  for (const requestId of state.pendingInitializeIds.splice(0))
    emitInitializeAnswer(context, requestId);
  if (state.clientInitialized) emitSystemInit(context);
  beginQueuedTurn(context);
  // Input that ended with only an `initialize`: it is answered, now the agent may stop.
  settleClientEnd(context);
}
