import type {
  ClientControlRequestMessage,
  LineTags,
  ParseLineError,
} from '@agentbridge/core/contracts';
import type { MachineContext } from './bridge-state.js';
import { emitControlError } from './client-output.js';

/** The subtypes the bridge serves; any other is refused as the real CLI refuses one (C-05). */
const servedSubtypes: readonly string[] = [
  'initialize',
  'interrupt',
  'set_model',
  'set_permission_mode',
  'set_max_thinking_tokens',
  'mcp_status',
  'mcp_message',
  'mcp_set_servers',
  'mcp_reconnect',
  'mcp_toggle',
  'get_context_usage',
] satisfies readonly ClientControlRequestMessage['request']['subtype'][];

/**
 * P-02, C-05: a client line of a `type` or control subtype the bridge does not serve: a request
 * gets the real CLI's error (stream-json §5.1), an answer settles what it names, the rest is logged.
 */
export function onUnmodelledClientLine(context: MachineContext, tags: LineTags) {
  const { type, subtype = '', requestId } = tags;
  if (type === 'control_request') {
    context.log.info('unsupported control request', { subtype });
    const text = `Unsupported control request subtype: ${subtype}`;
    return emitControlError(context, requestId, text, 'unsupported_request');
  }
  if (type === 'control_response')
    return settleAsError(context, requestId, `a control_response of unknown subtype '${subtype}'`);
  context.log.info('ignored client line', { type: String(type) });
}

/**
 * P-01, P-04, P-05: a line that is not JSON, not an object, or not of its kind's shape. A control
 * request with a usable id is answered with the reason (one of a subtype the bridge does not
 * serve, as unsupported: C-05), one without is logged (FT-05); a malformed `user` line is taken
 * `asUser` without content (PR-02); a malformed answer settles the request it names with the reason.
 */
export function onBadClientLine(
  context: MachineContext,
  { reason, tags }: ParseLineError,
  asUser: () => void,
) {
  const { log } = context;
  if (reason.startsWith('not JSON')) return log.warn('dropped non-JSON line from the client');
  if (tags === undefined) return log.warn('dropped non-object line from the client');
  const { type, subtype = '', requestId } = tags;
  switch (type) {
    case 'control_request':
      if (requestId === undefined)
        return log.warn('control request without a string or number request_id: not answered', {
          subtype,
        });
      if (!servedSubtypes.includes(subtype)) return onUnmodelledClientLine(context, tags);
      log.warn('malformed control request refused', { subtype, reason });
      return emitControlError(context, requestId, `Invalid control request: ${reason}`);
    case 'user':
      log.warn('malformed user message taken as one without content', { reason });
      return asUser();
    case 'control_response':
      return settleAsError(context, requestId, `a malformed control_response: ${reason}`);
    default:
      log.info('ignored client line', { type: String(type), reason });
  }
}

/** An answer the bridge cannot read settles the request it names, as an error (not a hang). */
function settleAsError(context: MachineContext, requestId: LineTags['requestId'], error: string) {
  const envelope = { subtype: 'error', request_id: requestId ?? '', error } as const;
  if (!context.clientRequests.settle(envelope))
    context.log.info('answer for an unknown request ignored', { requestId, error });
}
