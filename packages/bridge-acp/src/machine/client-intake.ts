import { awaitsClientInitialize } from './client-initialize.js';
import { onControlRequest } from './control-requests.js';
import { startHandshake } from './handshake.js';
import { isRecord } from './is-record.js';
import type { MachineContext } from './machine-context.js';
import { onPermissionAnswer } from './permission-flow.js';
import { acceptUserMessage } from './prompt-turn.js';

/**
 * One client line (P-01, P-02): `control_request` → C-xx, `user` → PR-xx (starting the
 * handshake for a client that sent no `initialize`), `control_response` → PM-03; `keep_alive` and
 * the client's own `control_cancel_request` are ignored; anything else is logged and dropped.
 */
export function onClientLine(context: MachineContext, line: string): void {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    context.log.warn('dropped non-JSON line from the client');
    return;
  }
  if (!isRecord(value)) {
    context.log.warn('dropped non-object line from the client');
    return;
  }
  switch (value.type) {
    case 'control_request':
      onControlRequest(context, value);
      return;
    case 'user':
      // With `--await-initialize` the client's `initialize` starts the handshake; the line waits.
      if (context.state.phase === 'idle' && !awaitsClientInitialize(context)) {
        startHandshake(context);
      }
      acceptUserMessage(context, value);
      return;
    case 'control_response': {
      const envelope = isRecord(value.response) ? value.response : {};
      const requestId = typeof envelope.request_id === 'string' ? envelope.request_id : '';
      if (!onPermissionAnswer(context, requestId, envelope)) {
        context.log.info('permission answer for an unknown request ignored', { requestId });
      }
      return;
    }
    case 'keep_alive':
      return;
    case 'control_cancel_request':
      context.log.info('client withdrew a request the bridge does not hold; ignored');
      return;
    default:
      context.log.info('ignored client line', {
        type: typeof value.type === 'string' ? value.type : '',
      });
  }
}
