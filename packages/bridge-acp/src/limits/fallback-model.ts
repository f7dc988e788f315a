import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { RpcError } from '../json-rpc/json-rpc.js';
import type { MachineContext, Turn } from '../machine/bridge-state.js';
import { emitWarning } from '../machine/client-output.js';
import { finishTurn } from '../machine/finish-turn.js';
import { switchTo } from '../machine/session-switches.js';
import { resolveModelId } from '../session/session-catalog.js';
import { limitsOf } from './launch-limits.js';

/** LM-07: a prompt error saying the model cannot serve: unknown, unavailable or overloaded. */
function isModelUnavailable(error: RpcError): boolean {
  const unavailable =
    /model\b[^.]*\b(not found|does not exist|not available|unavailable|not supported)|unknown model|no such model|overloaded/i;
  return [404, 503, 529].includes(Number(error?.code)) || unavailable.test(formatRpcError(error));
}

/**
 * LM-07: after a model-unavailable prompt error, switches once to `--fallback-model` and sends the
 * prompt again (`resend`), telling the client in a warning; `false` when there is nothing to fall
 * back to (the turn then ends with the error). No prompt goes out while the switch runs.
 */
export function tryFallbackModel(
  context: MachineContext,
  turn: Turn,
  error: RpcError,
  resend: () => void,
): boolean {
  const { phase } = context.state;
  const fallback = limitsOf(context).fallbackModel;
  if (fallback === undefined || phase.name !== 'ready' || !isModelUnavailable(error)) return false;
  const { session } = phase;
  const from = session.catalog.currentModelId ?? context.launch.model ?? 'in use';
  const id =
    resolveModelId(fallback, session.catalog, context.backend?.models?.aliases) ??
    (session.catalog.models.length === 0 ? fallback : undefined);
  if (id === undefined || id === from) return false;
  const errorText = formatRpcError(error);
  const token = {};
  turn.gate = token;
  switchTo(context, session, 'model', id, (outcome) => {
    if (context.state.turn !== turn || turn.gate !== token) return;
    turn.gate = undefined;
    if (!outcome.ok) return finishTurn(context, { kind: 'prompt-error', errorText });
    emitWarning(
      context,
      `The model ${from} is unavailable (${errorText}): switched to the fallback model ${id} and sent the prompt again.`,
    );
    resend();
  });
  return true;
}
