import type { ToolFrame } from '../json-rpc/session-update-schemas.js';
import type { MachineContext, ToolCall, Turn } from './bridge-state.js';

/**
 * GA-10: the running call a permission request for a call never announced belongs to (an agent's
 * own confirmation of the command it runs): the one call shown and running, not asked about yet,
 * of the request's kind (or the request names none); the request's id then names it too.
 */
export function runningCallFor(
  context: MachineContext,
  turn: Turn,
  frame: ToolFrame,
): ToolCall | undefined {
  const { toolCallId } = frame;
  if (toolCallId === undefined || toolCallId === '' || turn.tools.has(toolCallId)) return;
  const running = [...turn.tools.values()].filter(
    (tool) => tool.stage === 'announced' && !tool.permissionRequested && tool.id !== '',
  );
  const [only] = running;
  if (running.length !== 1 || only === undefined) return undefined;
  const kind = frame.kind;
  if (kind !== undefined && kind !== 'other' && kind !== (only.kind ?? only.metaKind)) return;
  context.log.debug('permission request linked to the running tool call', { toolCallId: only.id });
  // Later frames of the request's id update the same call.
  turn.tools.set(toolCallId, only);
  return only;
}
