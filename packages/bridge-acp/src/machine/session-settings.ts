import type { RpcOutcome } from '../json-rpc/create-json-rpc-channel.js';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import { resolveModeId, toClaudePermissionMode } from '../modes/resolve-mode-id.js';
import { applyConfigOptionUpdate, resolveModelId } from '../session/session-catalog.js';
import type { MachineContext } from './machine-context.js';

/** How a model or mode switch ended. */
export type SwitchOutcome =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly error: string };

/** Why a switch could not even be requested. */
export const noModelSelectionText = 'the agent offers no model selection';

/**
 * Switches the session's model (S-20, C-02): through the agent's `model` config option when it has
 * one (`session/set_config_option`), else `session/set_model` when the agent listed `models` or
 * the backend says it still answers it (`quirks.supportsSetModel`). `modelId` is sent as given.
 * `done` is called exactly once, synchronously when nothing can be sent.
 */
export function switchModel(
  context: MachineContext,
  modelId: string,
  done: (outcome: SwitchOutcome) => void,
): void {
  const { state } = context;
  const sessionId = state.sessionId;
  if (sessionId === undefined) {
    done({ ok: false, error: 'no session' });
    return;
  }
  const configId = state.catalog.modelConfigId;
  if (configId !== undefined) {
    context.rpc.request(
      'session/set_config_option',
      { sessionId, configId, value: modelId },
      (answer) => {
        if (!answer.ok) {
          done({ ok: false, error: formatRpcError(answer.error) });
          return;
        }
        applyConfigAnswer(context, answer.result);
        state.catalog = { ...state.catalog, currentModelId: modelId };
        done({ ok: true, id: modelId });
      },
    );
    return;
  }
  if (state.catalog.models.length === 0 && context.quirks.supportsSetModel !== true) {
    done({ ok: false, error: noModelSelectionText });
    return;
  }
  context.rpc.request('session/set_model', { sessionId, modelId }, (answer) => {
    if (!answer.ok) {
      done({ ok: false, error: formatRpcError(answer.error) });
      return;
    }
    state.catalog = { ...state.catalog, currentModelId: modelId };
    done({ ok: true, id: modelId });
  });
}

/**
 * Switches the agent's session mode (S-21, C-03): `session/set_mode` when the agent listed
 * `modes`, else its `mode` config option. `done` is called exactly once.
 */
export function switchMode(
  context: MachineContext,
  modeId: string,
  done: (outcome: SwitchOutcome) => void,
): void {
  const { state } = context;
  const sessionId = state.sessionId;
  if (sessionId === undefined) {
    done({ ok: false, error: 'no session' });
    return;
  }
  const configId = state.catalog.modeConfigId;
  const onAnswer = (answer: RpcOutcome): void => {
    if (!answer.ok) {
      done({ ok: false, error: formatRpcError(answer.error) });
      return;
    }
    if (configId !== undefined) applyConfigAnswer(context, answer.result);
    state.catalog = { ...state.catalog, currentModeId: modeId };
    done({ ok: true, id: modeId });
  };
  if (configId !== undefined) {
    context.rpc.request(
      'session/set_config_option',
      { sessionId, configId, value: modeId },
      onAnswer,
    );
  } else {
    context.rpc.request('session/set_mode', { sessionId, modeId }, onAnswer);
  }
}

/** The agent's mode id for a Claude permission mode (C-04), or `undefined`. */
export function agentModeFor(context: MachineContext, claudeMode: string): string | undefined {
  return resolveModeId(
    claudeMode,
    context.state.catalog.modes.map((mode) => mode.id),
    context.quirks.permissionModeSynonyms,
  );
}

/**
 * The requested permission mode could not be applied at start-up (`reason`): the reported mode
 * becomes the Claude reading of the agent's current mode (`default` when the agent has none), and
 * a start-up warning says so.
 */
function adoptAgentMode(context: MachineContext, requested: string, reason: string): void {
  const { state } = context;
  const agentModeId = state.catalog.currentModeId;
  const inEffect =
    agentModeId === undefined
      ? 'default'
      : toClaudePermissionMode(
          agentModeId,
          state.catalog.modes.map((mode) => mode.id),
          context.quirks.permissionModeSynonyms,
        );
  state.permissionMode = inEffect;
  context.log.warn('start-up permission mode not applied', {
    requested,
    reason,
    inEffect,
    ...(agentModeId !== undefined ? { agentModeId } : {}),
  });
  const agentText = agentModeId === undefined ? '' : ` (agent mode '${agentModeId}')`;
  state.startupWarnings.push(
    `The requested permission mode '${requested}' could not be applied: ${reason}. The session runs in '${inEffect}'${agentText}.`,
  );
}

/**
 * The start-up switches (S-20, S-21), awaited before the session counts as ready so that
 * `system/init` shows the model and mode actually in effect (gap fix). A failed model switch is
 * only logged; a permission mode that cannot be applied (no agent equivalent, or the switch
 * failed) leaves the agent's current mode in effect, reported as such with a warning.
 */
export function applyStartupSettings(context: MachineContext, done: () => void): void {
  const { state, launch } = context;
  const switchModeStep = (): void => {
    if (state.phase !== 'handshake') return;
    const requested = launch.permissionMode;
    if (requested === undefined) {
      done();
      return;
    }
    const claudeMode = requested === 'manual' ? 'default' : requested;
    const modeId = agentModeFor(context, claudeMode);
    if (modeId === undefined) {
      // An agent without modes runs its own default: only a different request is a mismatch.
      if (state.catalog.modes.length > 0 || claudeMode !== 'default')
        adoptAgentMode(context, claudeMode, 'the agent offers no equivalent mode');
      done();
      return;
    }
    if (modeId === state.catalog.currentModeId) {
      done();
      return;
    }
    switchMode(context, modeId, (outcome) => {
      if (!outcome.ok) adoptAgentMode(context, claudeMode, `switching failed (${outcome.error})`);
      done();
    });
  };
  const requested = launch.model;
  const modelId =
    requested === undefined || requested === ''
      ? undefined
      : resolveModelId(requested, state.catalog);
  if (modelId === undefined || modelId === state.catalog.currentModelId) {
    if (requested)
      context.log.info('start-up model not offered by the agent', { model: requested });
    switchModeStep();
    return;
  }
  switchModel(context, modelId, (outcome) => {
    if (!outcome.ok) context.log.warn('start-up model switch failed', { error: outcome.error });
    switchModeStep();
  });
}

function applyConfigAnswer(context: MachineContext, result: unknown): void {
  if (typeof result !== 'object' || result === null) return;
  const configOptions = (result as Record<string, unknown>).configOptions;
  if (Array.isArray(configOptions)) {
    context.state.catalog = applyConfigOptionUpdate(context.state.catalog, configOptions);
  }
}
