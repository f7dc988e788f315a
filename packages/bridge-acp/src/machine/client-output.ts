import { mcpStatusesOf, sdkToolNamesOf } from '../mcp/mcp-state.js';
import {
  buildCommandsChanged,
  buildControlError,
  buildControlSuccess,
  buildInitializeResponse,
  buildSystemInit,
  buildSystemStatus,
  buildSystemWarning,
  type ControlRequestId,
  type ControlSuccessBody,
  toModelInfos,
} from '../north/client-lines.js';
import type { MachineContext, Session } from './bridge-state.js';
import { sessionIdOf, sessionOf } from './bridge-state.js';

/** The fields every session line carries: the session id and a fresh `uuid`. */
export const identity = (context: MachineContext) => ({
  sessionId: sessionIdOf(context.state),
  uuid: context.newId(),
});

/** A success `control_response`; nothing for a request without a `request_id` (P-04). */
export function emitControlSuccess(
  context: MachineContext,
  requestId: ControlRequestId | undefined,
  response?: ControlSuccessBody,
): void {
  if (requestId !== undefined) context.send(buildControlSuccess(requestId, response));
}

/** An error `control_response`, with an optional stable `error_code`. */
export function emitControlError(
  context: MachineContext,
  requestId: ControlRequestId | undefined,
  error: string,
  errorCode?: string,
): void {
  if (requestId !== undefined) context.send(buildControlError(requestId, error, errorCode));
}

/**
 * H-11: answers the client's `initialize` with the commands and models known now and what became
 * of the request's launch-time fields (`mcp_servers_applied`, ...; the SDK verifies them).
 */
export function emitInitializeAnswer(
  context: MachineContext,
  requestId: ControlRequestId,
  applied: Readonly<Record<string, boolean>>,
): void {
  const { state } = context;
  const { phase } = state;
  if (phase.name !== 'ready') return;
  state.client.initializeAnswered = true;
  context.send(
    buildInitializeResponse({
      requestId,
      commands: phase.session.commands,
      models: toModelInfos(phase.session.catalog.models),
      agentName: phase.agent.name,
      agentVersion: phase.agent.version,
      permissionMode: phase.session.permissionMode,
      applied,
    }),
  );
}

/** N-06: the command list changed after `initialize` was answered (`system/commands_changed`). */
export function emitCommandsChanged(context: MachineContext): void {
  const session = sessionOf(context.state);
  if (!context.state.client.initializeAnswered || session === undefined) return;
  context.send(buildCommandsChanged({ ...identity(context), commands: session.commands }));
}

/** The `system/init` fields as they read now (without the uuid). */
function systemInitFields(context: MachineContext, session: Session) {
  const { phase } = context.state;
  const agent = phase.name === 'ready' || phase.name === 'handshake' ? phase.agent : undefined;
  return {
    sessionId: session.clientId,
    cwd: context.launch.cwd,
    model: session.catalog.currentModelId ?? context.launch.model ?? '',
    permissionMode: session.permissionMode,
    slashCommands: session.commands.map((command) => command.name),
    mcpServers: mcpStatusesOf(context),
    agentName: agent?.name ?? '',
    agentVersion: agent?.version ?? '',
    backendName: context.backend?.displayName ?? 'ACP agent',
    // H-12: the Claude tool names the backend maps its tools to (sorted, unique), then MCP-04's.
    tools: [
      ...[...new Set(Object.values(context.quirks.toolNameByAgentTool ?? {}))]
        // LM-04: only those `--tools` lets the agent use.
        .filter((name) => name !== '' && (context.launch.limits?.tools ?? [name]).includes(name))
        .sort(),
      ...sdkToolNamesOf(context.state.mcp),
    ],
  };
}

/** The `system/init` fields as they read now, but the commands (their changes go out on their own). */
const initState = (context: MachineContext, session: Session): string =>
  JSON.stringify({ ...systemInitFields(context, session), slashCommands: undefined });

/** H-13: whether a `system/init` now would repeat the last one (commands aside). */
export function systemInitUnchanged(context: MachineContext, session: Session): boolean {
  return session.lastInit === initState(context, session);
}

/** H-12: emits `system/init`; the session's start-up warnings follow the first one. */
export function emitSystemInit(context: MachineContext): void {
  const session = sessionOf(context.state);
  if (session === undefined) return;
  const fields = systemInitFields(context, session);
  session.lastInit = initState(context, session);
  context.send(buildSystemInit({ ...fields, uuid: context.newId() }));
  for (const warning of session.warnings.splice(0)) emitWarning(context, warning);
}

/** `system/status` with the permission mode now in effect. */
export function emitSystemStatus(context: MachineContext, session: Session): void {
  context.send(buildSystemStatus({ ...identity(context), permissionMode: session.permissionMode }));
}

/** A `system/informational` warning line. */
export function emitWarning(context: MachineContext, content: string): void {
  context.send(buildSystemWarning({ ...identity(context), content }));
}
