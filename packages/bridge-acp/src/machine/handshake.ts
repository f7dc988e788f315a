import { looksLikeAuthRequired } from '../auth/rank-auth-methods.js';
import { agentMethods } from '../json-rpc/acp-methods.js';
import { requestAgent } from '../json-rpc/agent-request.js';
import {
  initializeResult,
  type SessionResultIn,
  sessionResult,
} from '../json-rpc/agent-schemas.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import { acpProtocolVersion } from '../json-rpc/json-rpc.js';
import { openMcpEndpoint } from '../mcp/open-mcp-endpoint.js';
import {
  claudeModelTier,
  emptySessionCatalog,
  readSessionCatalog,
  resolveModelId,
} from '../session/session-catalog.js';
import { readAgentInfo, sessionParams } from './agent-info.js';
import { beginAuthentication } from './authenticate.js';
import type { AgentInfo, MachineContext, Session } from './bridge-state.js';
import { clientCapabilities } from './client-methods.js';
import { emitInitializeAnswer, emitSystemInit } from './client-output.js';
import {
  extendReplay,
  failHandshake,
  type Handshake,
  handshakeOf,
  handshakeTimeoutMs,
  handshakeTimerId,
} from './fail-handshake.js';
import { settleClientEnd } from './finish-turn.js';
import { listAgentSessions } from './list-agent-sessions.js';
import { applyStartupSettings, refreshCatalogWindows } from './session-switches.js';
import { standingInstructionsText } from './standing-instructions.js';
import { beginQueuedTurn } from './turn.js';

/**
 * H-01: starts the handshake (the first client `initialize`, or the first `user` line of a client
 * that sends none): arms the deadline and sends ACP `initialize` (no fs, no terminal).
 */
export function startHandshake(context: MachineContext) {
  const { state, launch } = context;
  if (state.phase.name !== 'idle') return;
  state.phase = {
    name: 'handshake',
    initializing: [],
    agent: undefined,
    authAttempted: false,
    replay: undefined,
    earlyCommands: new Map(),
    catalog: emptySessionCatalog,
    session: undefined,
  };
  context.emit({
    type: 'start-timer',
    timerId: handshakeTimerId,
    delayMs: handshakeTimeoutMs(context),
  });
  const params = {
    protocolVersion: acpProtocolVersion,
    clientCapabilities: clientCapabilities(context),
    clientInfo: launch.clientInfo ?? { name: 'agentbridge', version: '' },
  };
  // A-10: the answer is parsed at the edge, leniently (a malformed field reads as absent).
  requestAgent(context.rpc, agentMethods.initialize, params, initializeResult, (answer) => {
    const phase = handshakeOf(context);
    if (phase === undefined) return;
    if (!answer.ok) {
      failHandshake(context, `initialize failed: ${formatRpcError(answer.error)}`);
      return;
    }
    // H-03: a missing version counts as ours; another one is used anyway.
    const { protocolVersion = acpProtocolVersion } = answer.result;
    const result = { ...answer.result, protocolVersion };
    if (protocolVersion !== acpProtocolVersion)
      context.log.warn('agent answered another protocolVersion; continuing best-effort', {
        version: protocolVersion,
      });
    context.emit({ type: 'agent-initialized', response: result });
    const agent = readAgentInfo(context, result);
    phase.agent = agent;
    // MCP-01: the in-process servers are served before the session that names them opens.
    openMcpEndpoint(context, (endpoint) => {
      if (handshakeOf(context) !== phase) return;
      phase.agent = { ...agent, mcpServers: [...agent.mcpServers, ...endpoint] };
      openSession(context, phase);
    });
  });
}

/**
 * S-01, S-05: reopens `launch.resumeSessionId` (`session/fork` with `--fork-session`, else
 * `session/load` with replay, else `session/resume`); a failed reopen, or an agent that cannot,
 * gets `session/new`. A fork that cannot happen never writes into the original session.
 */
function openSession(context: MachineContext, phase: Handshake) {
  const { launch } = context;
  const agent = phase.agent as AgentInfo;
  const resumeId = launch.resumeSessionId;
  if (resumeId === undefined || resumeId === '') return handOver(context, phase);
  const forkAsNew = (reason: string) => {
    context.log.warn('cannot fork the session; opening a new one', { sessionId: resumeId, reason });
    if (launch.handover !== undefined) return handOver(context, phase);
    newSession(context, phase, [
      `The session '${resumeId}' could not be forked (${reason}): a new session was started instead, without its history; the original session is unchanged.`,
    ]);
  };
  if (launch.forkSession === true && !agent.can.forkSession)
    return forkAsNew('the agent does not offer session/fork');
  const method =
    launch.forkSession === true
      ? agentMethods.session_fork
      : agent.can.loadSession
        ? agentMethods.session_load
        : agent.can.resumeSession
          ? agentMethods.session_resume
          : undefined;
  if (method === undefined) {
    context.log.info('agent cannot reopen sessions; opening a new one');
    return handOver(context, phase);
  }
  if (method === agentMethods.session_load) phase.replay = { sessionId: resumeId };
  const params = { ...sessionParams(context, agent), sessionId: resumeId };
  requestAgent(context.rpc, method, params, sessionResult, (answer) => {
    if (handshakeOf(context) !== phase) return;
    phase.replay = undefined;
    if (!answer.ok) {
      context.log.warn('reopening the session failed; creating a new session', {
        method,
        error: formatRpcError(answer.error),
      });
      return handOver(context, phase);
    }
    let openedId = resumeId;
    if (method === agentMethods.session_fork) {
      const forkId = answer.result?.sessionId;
      // Without the fork's id the only id known is the original's: never write into it.
      if (forkId === undefined || forkId === '')
        return forkAsNew('session/fork returned no sessionId');
      openedId = forkId;
    }
    const settleMs = context.quirks.loadReplaySettleMs ?? 0;
    const finish = () => sessionOpened(context, phase, openedId, answer.result, true, []);
    if (method === agentMethods.session_load && settleMs > 0) {
      // The agent's replay goes on after its answer: it stays replay until it goes quiet (S-06).
      const quiet = context.continuations.once('load-replay', finish);
      phase.replay = { sessionId: resumeId, settle: { delayMs: settleMs, quiet } };
      extendReplay(context, settleMs);
      return;
    }
    finish();
  });
}

/**
 * SN-08, SN-10: a new session where no session was reopened: with the conversation's history when
 * the launch hands one over; a resume nothing can continue ends the run as `claude`'s does.
 */
function handOver(context: MachineContext, phase: Handshake) {
  const { resumeSessionId, handover, resumeRequired } = context.launch;
  if (resumeRequired === true && resumeSessionId)
    return failHandshake(context, `No conversation found with session ID: ${resumeSessionId}`);
  if (handover === undefined) return newSession(context, phase);
  newSession(context, phase, [handover.notice], handover.history);
}

/** `session/new`, with the sign-in loop on an auth-looking error (AU-01) and S-07. */
function newSession(
  context: MachineContext,
  phase: Handshake,
  warnings: string[] = [],
  history?: string,
) {
  const { launch, state } = context;
  const agent = phase.agent as AgentInfo;
  const params = sessionParams(context, agent);
  const instructions = standingInstructionsText(launch, state.client.systemPrompt);
  const viaSystemPrompt = instructions !== undefined && agent.can.systemPrompt;
  if (viaSystemPrompt)
    Object.assign(params, {
      systemPrompt: { mode: 'append', content: [{ type: 'text', text: instructions }] },
    });
  requestAgent(context.rpc, agentMethods.session_new, params, sessionResult, (answer) => {
    if (handshakeOf(context) !== phase) return;
    if (!answer.ok) {
      const errorText = formatRpcError(answer.error);
      if (!phase.authAttempted && looksLikeAuthRequired(answer.error)) {
        phase.authAttempted = true;
        beginAuthentication(context, agent, errorText, {
          onSignedIn: () => newSession(context, phase, warnings, history),
          onFailed: (reason) => failHandshake(context, reason),
        });
        return;
      }
      return failHandshake(context, `session/new failed: ${errorText}`);
    }
    const sessionId = answer.result?.sessionId;
    if (sessionId === undefined || sessionId === '')
      return failHandshake(context, 'session/new returned no sessionId.');
    const pending = { instructions: !viaSystemPrompt, history };
    sessionOpened(context, phase, sessionId, answer.result, false, warnings, pending);
  });
}

/** H-10: the session is open: read its catalog, apply the start-up switches, then finish. */
function sessionOpened(
  context: MachineContext,
  phase: Handshake,
  sessionId: string,
  result: SessionResultIn,
  resumed: boolean,
  warnings: string[],
  pending: { readonly instructions?: boolean; readonly history?: string } = {},
) {
  const { launch } = context;
  phase.replay = undefined;
  const session: Session = {
    id: sessionId,
    clientId: launch.conversationId ?? sessionId,
    resumed,
    catalog: readSessionCatalog(result, phase.catalog),
    commands: phase.earlyCommands.get(sessionId) ?? [],
    permissionMode:
      launch.permissionMode === 'manual' ? 'default' : (launch.permissionMode ?? 'default'),
    instructionsPending: pending.instructions === true,
    historyPending: pending.history,
    lastInit: undefined,
    turnsStarted: 0,
    warnings,
    unaskedToolWarned: false,
  };
  const { model } = launch;
  const offered = session.catalog.models.map((entry) => entry.id);
  const tier = model ? claudeModelTier(model) : undefined;
  const unmapped =
    model &&
    tier !== 'default' &&
    !resolveModelId(model, session.catalog, context.backend?.models?.aliases);
  // FT-07: as `claude` fails on an unknown model, a model the agent does not list is an error;
  // SE-07: a Claude alias nothing maps is told in-band and the agent's own model is kept.
  if (unmapped && tier !== undefined)
    warnings.push(
      `The model alias '${model}' matches no model of the agent${offered.length > 0 ? ` (${offered.join(', ')})` : ' (it lists none)'}: the agent's own model is used.`,
    );
  else if (unmapped && offered.length > 0)
    return failHandshake(
      context,
      `The model '${model}' is not offered by the agent. Available models: ${offered.join(', ')}.`,
    );
  phase.session = session;
  phase.earlyCommands.clear();
  refreshCatalogWindows(context, session);
  context.emit({
    type: 'session-opened',
    sessionId,
    resumed,
    requestedSessionId: launch.resumeSessionId || undefined,
    modes: session.catalog.modes.map((mode) => mode.id),
    currentModeId: session.catalog.currentModeId,
    models: session.catalog.models.map((model) => model.id),
    currentModelId: session.catalog.currentModelId,
    configOptions: session.catalog.configOptions.flatMap((option) =>
      typeof option?.id === 'string' ? [option.id] : [],
    ),
  });
  applyStartupSettings(context, session, () => {
    if (handshakeOf(context) === phase) finishHandshake(context, phase, session);
  });
}

/** H-10 steps 4-5: ready; pending `initialize`s answered, `system/init`, a waiting turn starts. */
function finishHandshake(context: MachineContext, phase: Handshake, session: Session) {
  const { state } = context;
  state.phase = { name: 'ready', agent: phase.agent as AgentInfo, session };
  context.emit({ type: 'cancel-timer', timerId: handshakeTimerId });
  for (const pending of phase.initializing)
    emitInitializeAnswer(context, pending.requestId, pending.applied);
  if (state.client.initialized) emitSystemInit(context);
  listAgentSessions(context, phase.agent as AgentInfo);
  beginQueuedTurn(context);
  // Input that ended with only an `initialize`: it is answered, now the agent may stop.
  settleClientEnd(context);
}
