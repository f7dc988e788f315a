import type { z } from 'zod';
import { agentMethods, setModelMethod } from '../json-rpc/acp-methods.js';
import { requestAgent } from '../json-rpc/agent-request.js';
import { configOptionsResult } from '../json-rpc/agent-schemas.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { RpcOutcome } from '../json-rpc/json-rpc.js';
import { limitsOf } from '../limits/launch-limits.js';
import { limitWarnings } from '../limits/startup-warnings.js';
import { requestedThoughtLevel, thoughtLevelChoice } from '../limits/thought-level.js';
import { permissionOptionChoice } from '../modes/permission-option.js';
import { resolveModeId, toClaudePermissionMode } from '../modes/resolve-mode-id.js';
import type { ControlRequestId } from '../north/client-lines.js';
import { applyConfigOptionUpdate, resolveModelId } from '../session/session-catalog.js';
import type { MachineContext, Session } from './bridge-state.js';
import { sessionOf } from './bridge-state.js';
import { emitControlError, emitControlSuccess, emitSystemStatus } from './client-output.js';

/** How a model or mode switch ended. */
type SwitchOutcome =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly error: string };

/** The Claude reading of a permission mode: the CLI's help spells `default` as `manual`. */
export const claudeMode = (mode: string): string => (mode === 'manual' ? 'default' : mode);

/**
 * S-20, S-21, C-02, C-03: switches the model or the mode through the agent's config option of that
 * kind; else `session/set_mode`, or `session/set_model` when the agent listed models or
 * `quirks.supportsSetModel` says it still answers it. `done` is called exactly once.
 */
export function switchTo(
  context: MachineContext,
  session: Session,
  kind: 'model' | 'mode',
  id: string,
  done: (outcome: SwitchOutcome) => void,
) {
  const configId = kind === 'model' ? session.catalog.modelConfigId : session.catalog.modeConfigId;
  const onAnswer = (answer: RpcOutcome<z.output<typeof configOptionsResult>>) => {
    if (!answer.ok) return done({ ok: false, error: formatRpcError(answer.error) });
    const options = answer.result?.configOptions;
    if (configId !== undefined && Array.isArray(options))
      session.catalog = applyConfigOptionUpdate(session.catalog, options);
    session.catalog = {
      ...session.catalog,
      [kind === 'model' ? 'currentModelId' : 'currentModeId']: id,
    };
    done({ ok: true, id });
  };
  const request = (method: string, params: object) =>
    requestAgent(context.rpc, method, params, configOptionsResult, onAnswer);
  if (configId !== undefined) {
    request(agentMethods.session_set_config_option, { sessionId: session.id, configId, value: id });
  } else if (kind === 'mode') {
    request(agentMethods.session_set_mode, { sessionId: session.id, modeId: id });
  } else if (session.catalog.models.length > 0 || context.quirks.supportsSetModel === true) {
    request(setModelMethod, { sessionId: session.id, modelId: id });
  } else {
    done({ ok: false, error: 'the agent offers no model selection' });
  }
}

/** The agent's mode id for a Claude permission mode (C-04), or `undefined`. */
export function agentModeFor(
  context: MachineContext,
  session: Session,
  mode: string,
): string | undefined {
  const ids = session.catalog.modes.map((entry) => entry.id);
  return resolveModeId(mode, ids, context.quirks.permissionModeSynonyms);
}

/**
 * The start-up switches (S-20, S-21), awaited before the session counts as ready so that
 * `system/init` shows what is in effect. A failed model switch is only logged; a permission mode
 * without an equivalent (or whose switch failed) leaves the agent's mode, reported with a warning.
 */
export function applyStartupSettings(context: MachineContext, session: Session, done: () => void) {
  const { launch } = context;
  const adoptAgentMode = (requested: string, reason: string) => {
    const agentModeId = session.catalog.currentModeId;
    const ids = session.catalog.modes.map((mode) => mode.id);
    const inEffect =
      agentModeId === undefined
        ? 'default'
        : (toClaudePermissionMode(agentModeId, ids, context.quirks.permissionModeSynonyms) ??
          'default');
    session.permissionMode = inEffect;
    context.log.warn('start-up permission mode not applied', { requested, reason, inEffect });
    const agentText = agentModeId === undefined ? '' : ` (agent mode '${agentModeId}')`;
    session.warnings.push(
      `The requested permission mode '${requested}' could not be applied: ${reason}. The session runs in '${inEffect}'${agentText}.`,
    );
  };
  const finish = () => {
    if (context.state.phase.name !== 'handshake') return done();
    session.warnings.push(...limitWarnings(context, session));
    const level = requestedThoughtLevel(limitsOf(context));
    if (level === undefined) return done();
    setThoughtLevel(context, session, level, (error) => {
      if (error !== undefined)
        session.warnings.push(`--effort ${level} could not be applied: ${error}.`);
      done();
    });
  };
  const modeStep = () => {
    if (context.state.phase.name !== 'handshake' || launch.permissionMode === undefined)
      return finish();
    const requested = claudeMode(launch.permissionMode);
    const modeId = agentModeFor(context, session, requested);
    if (modeId === undefined) {
      const option = permissionOptionChoice(session.catalog, requested);
      if (option !== undefined)
        return setConfigChoice(context, session, option, (error) => {
          if (error !== undefined) adoptAgentMode(requested, `switching failed (${error})`);
          finish();
        });
      // An agent without permission modes (none, or only modes of its own such as thinking
      // levels, GA-04) runs its own default: only a different request is a mismatch.
      if (offersPermissionModes(context, session) || requested !== 'default')
        adoptAgentMode(requested, 'the agent offers no equivalent mode');
      return finish();
    }
    if (modeId === session.catalog.currentModeId) return finish();
    switchTo(context, session, 'mode', modeId, (outcome) => {
      if (!outcome.ok) adoptAgentMode(requested, `switching failed (${outcome.error})`);
      finish();
    });
  };
  const requested = launch.model;
  const modelId = requested
    ? resolveModelId(requested, session.catalog, context.backend?.models?.aliases)
    : undefined;
  if (modelId === undefined || modelId === session.catalog.currentModelId) {
    if (requested)
      context.log.info('start-up model not offered by the agent', { model: requested });
    return modeStep();
  }
  switchTo(context, session, 'model', modelId, (outcome) => {
    if (!outcome.ok) context.log.warn('start-up model switch failed', { error: outcome.error });
    modeStep();
  });
}

/** GA-04: whether any of the agent's modes is a Claude permission mode. */
function offersPermissionModes(context: MachineContext, session: Session): boolean {
  const ids = session.catalog.modes.map((mode) => mode.id);
  const synonyms = context.quirks.permissionModeSynonyms;
  return ids.some((id) => toClaudePermissionMode(id, ids, synonyms) !== undefined);
}

/** Sets one of the agent's config options (GA-06, LM-06); `done` gets the agent's refusal. */
export function setConfigChoice(
  context: MachineContext,
  session: Session,
  choice: { readonly configId: string; readonly value: string },
  done: (error?: string) => void,
) {
  requestAgent(
    context.rpc,
    agentMethods.session_set_config_option,
    { sessionId: session.id, ...choice },
    configOptionsResult,
    (answer) => {
      if (!answer.ok) return done(formatRpcError(answer.error));
      session.catalog = applyConfigOptionUpdate(session.catalog, answer.result?.configOptions);
      done();
    },
  );
}

/**
 * LM-06: sets the agent's `thought_level` config option to the value closest to `level`; `done`
 * gets the reason when it cannot (no such option, or the agent refused).
 */
function setThoughtLevel(
  context: MachineContext,
  session: Session,
  level: string,
  done: (error?: string) => void,
) {
  const choice = thoughtLevelChoice(session.catalog, level);
  if (choice === undefined) return done('the agent offers no thinking-level setting');
  setConfigChoice(context, session, choice, done);
}

/**
 * LM-06: `set_max_thinking_tokens` sets the agent's thinking level as `--max-thinking-tokens`
 * does; an agent without one gets the request refused in-band (the real CLI answers success).
 */
export function setThinkingBudget(
  context: MachineContext,
  requestId: ControlRequestId | undefined,
  tokens: unknown,
) {
  const session = sessionOf(context.state);
  // `null` gives the thinking back to the model's default: the agent keeps its own level.
  if (tokens === null || tokens === undefined) return emitControlSuccess(context, requestId);
  const level = requestedThoughtLevel({ maxThinkingTokens: Math.max(0, Number(tokens) || 0) });
  if (session === undefined || level === undefined)
    return emitControlError(context, requestId, 'no session');
  setThoughtLevel(context, session, level, (error) =>
    error === undefined
      ? emitControlSuccess(context, requestId)
      : emitControlError(context, requestId, `The thinking budget cannot be applied: ${error}.`),
  );
}

/**
 * An agent-side mode change (`current_mode_update`, a mode config option, a mode-change chunk):
 * tracked, and surfaced as `system/status` when the Claude mode changes.
 */
export function applyAgentModeChange(context: MachineContext, modeId: string) {
  const { phase } = context.state;
  const session = sessionOf(context.state);
  if (session === undefined) {
    // A load's replay: kept for the session it opens (S-06).
    if (phase.name === 'handshake') phase.catalog = { ...phase.catalog, currentModeId: modeId };
    return;
  }
  session.catalog = { ...session.catalog, currentModeId: modeId };
  const current = agentModeFor(context, session, session.permissionMode);
  if (current !== undefined && current.toLowerCase() === modeId.toLowerCase()) return;
  const ids = session.catalog.modes.map((mode) => mode.id);
  const mode = toClaudePermissionMode(modeId, ids, context.quirks.permissionModeSynonyms);
  // GA-04: only a mode that is a Claude permission mode is surfaced as one.
  if (mode === undefined || mode === session.permissionMode) return;
  session.permissionMode = mode;
  emitSystemStatus(context, session);
}

/** U-21: hands the catalog's per-model context windows to the usage ledger. */
export function refreshCatalogWindows(context: MachineContext, session: Session) {
  const windows: Record<string, number> = {};
  for (const model of session.catalog.models)
    if (model.contextWindow !== undefined && model.contextWindow > 0)
      windows[model.id] = model.contextWindow;
  context.ledger.setCatalogWindows(windows);
}
