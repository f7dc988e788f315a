import { methodNotFoundCode } from '../json-rpc/json-rpc-message.js';
import { parseJsonRpcLine } from '../json-rpc/parse-json-rpc-line.js';
import type { MachineContext } from './machine-context.js';
import { onPermissionRequest } from './permission-flow.js';
import { onSessionUpdate } from './session-updates.js';

/**
 * One agent stdout line (A-05..A-07, N-01, F-01..F-04): responses settle the bridge's pending
 * requests, `session/request_permission` goes to the permission flow, every other request is
 * refused with -32601, and `session/update` is routed; other notifications are logged.
 */
export function onAgentLine(context: MachineContext, line: string): void {
  const message = parseJsonRpcLine(line);
  if (message === undefined) {
    context.log.debug('agent stdout line that is not JSON-RPC ignored');
    return;
  }
  if (context.state.phase === 'exited') return;
  switch (message.kind) {
    case 'notification':
      if (message.method === 'session/update') onSessionUpdate(context, message.params);
      else context.log.debug('ignored ACP notification', { method: message.method });
      return;
    case 'request':
      if (message.method === 'session/request_permission') {
        onPermissionRequest(context, message.id, message.params);
        return;
      }
      context.rpc.respondError(
        message.id,
        methodNotFoundCode,
        `Method not supported by this client: ${message.method}`,
        { method: message.method },
      );
      return;
    case 'response': {
      const outcome =
        message.error !== undefined
          ? { ok: false as const, error: message.error }
          : { ok: true as const, result: message.result };
      if (!context.rpc.settle(message.id, outcome)) {
        context.log.debug('unmatched JSON-RPC response ignored', { id: message.id });
      }
      return;
    }
  }
}
