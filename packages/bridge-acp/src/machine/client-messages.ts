import {
  buildCommandsChanged,
  buildControlError,
  buildControlSuccess,
  buildInitializeResponse,
  buildSystemInit,
  buildSystemStatus,
  buildSystemWarning,
  toModelInfos,
} from '../north/client-lines.js';
import type { MachineContext } from './machine-context.js';

/** `control_response` success for `requestId`; P-04: nothing without a `request_id`. */
export function emitControlSuccess(
  context: MachineContext,
  requestId: string | undefined,
  response?: Record<string, unknown>,
): void {
  if (requestId) context.emit(buildControlSuccess(requestId, response));
}

/** `control_response` error for `requestId`, with an optional stable `error_code`. */
export function emitControlError(
  context: MachineContext,
  requestId: string | undefined,
  error: string,
  errorCode?: string,
): void {
  if (requestId) context.emit(buildControlError(requestId, error, errorCode));
}

/**
 * H-11: answers the client's `initialize` with the commands and models known now, plus what became
 * of the request's `mcpServers`, `disallowedTools`, settings and hooks (the SDK verifies them).
 */
export function emitInitializeAnswer(context: MachineContext, requestId: string): void {
  const { state } = context;
  const flags = state.initializeAnswerFlags.get(requestId);
  state.initializeAnswerFlags.delete(requestId);
  state.initializeAnswered = true;
  context.emit(
    buildInitializeResponse({
      requestId,
      commands: state.commands,
      models: toModelInfos(state.catalog.models),
      agentName: state.agentName,
      agentVersion: state.agentVersion,
      permissionMode: state.permissionMode,
      ...(flags === undefined ? {} : { applied: flags }),
    }),
  );
}

/**
 * N-06: the command list changed after the client's `initialize` was answered: the SDK refreshes
 * `supportedCommands()` from `system/commands_changed`.
 */
export function emitCommandsChanged(context: MachineContext): void {
  const { state } = context;
  if (!state.initializeAnswered || state.sessionId === undefined) return;
  context.emit(
    buildCommandsChanged({
      sessionId: state.sessionId,
      uuid: context.newId(),
      commands: state.commands,
    }),
  );
}

/** H-12: the Claude tool names the backend is known to map its tools to (sorted, unique). */
function knownToolNames(context: MachineContext): string[] {
  const names = Object.values(context.quirks.toolNameByAgentTool ?? {});
  return [...new Set(names.filter((name) => name !== ''))].sort();
}

/** The `system/init` line as it would read now, without its `uuid` (for duplicate detection). */
function systemInitFields(context: MachineContext) {
  const { state } = context;
  return {
    sessionId: state.sessionId ?? '',
    cwd: context.launch.cwd,
    model: state.catalog.currentModelId ?? context.launch.model ?? '',
    permissionMode: state.permissionMode,
    slashCommands: state.commands.map((command) => command.name),
    mcpServers: state.mcpStatuses,
    agentName: state.agentName,
    agentVersion: state.agentVersion,
    backendName: context.backend?.displayName ?? 'ACP agent',
    tools: knownToolNames(context),
  };
}

/** A string that changes whenever the `system/init` content would change. */
export function systemInitSignature(context: MachineContext): string {
  return JSON.stringify(systemInitFields(context));
}

/**
 * H-12: emits `system/init` (only once a session id exists). Its content is remembered, so the
 * first turn's start skips an unchanged duplicate (issue 3). The session's start-up warnings
 * follow the first one.
 */
export function emitSystemInit(context: MachineContext): void {
  const { state } = context;
  if (state.sessionId === undefined) return;
  state.initEmitted = true;
  const fields = systemInitFields(context);
  state.lastInitSignature = JSON.stringify(fields);
  context.emit(buildSystemInit({ ...fields, uuid: context.newId() }));
  for (const warning of state.startupWarnings.splice(0)) emitWarning(context, warning);
}

/** `system/status` carrying the permission mode now in effect. */
export function emitSystemStatus(context: MachineContext): void {
  const { state } = context;
  if (state.sessionId === undefined) return;
  context.emit(
    buildSystemStatus({
      sessionId: state.sessionId,
      uuid: context.newId(),
      permissionMode: state.permissionMode,
    }),
  );
}

/** A `system/informational` warning line. */
export function emitWarning(context: MachineContext, content: string): void {
  context.emit(
    buildSystemWarning({
      sessionId: context.state.sessionId ?? '',
      uuid: context.newId(),
      content,
    }),
  );
}
