import type {
  AgentControlRequestMessage,
  BridgeEvent,
  ControlResponseMessage,
} from '@agentbridge/core/contracts';
import { createPendingRequests } from '../pending/pending-requests.js';
import { buildControlCancelRequest, type ControlSuccessBody } from './client-lines.js';

/** A request the bridge sends the client (`can_use_tool`, `hook_callback`, `mcp_message`, ...). */
type ClientRequest = AgentControlRequestMessage['request'];

/**
 * What became of one request: the client's `response`, its error answer, no answer within the
 * timeout, or withdrawn by the bridge (a `control_cancel_request` went to the client).
 */
export type ClientAnswer =
  | { readonly outcome: 'answered'; readonly response: ControlSuccessBody }
  | { readonly outcome: 'error'; readonly message: string }
  | { readonly outcome: 'timeout' | 'withdrawn' };
type Answered = (answer: ClientAnswer) => void;

/** How long a request lives. */
type ClientRequestOptions = {
  /** Ids are `<prefix>-<n>` (default `agentbridge`), `n` counting from 1 per prefix, never reused. */
  readonly idPrefix?: string;
  /** Settled as `timeout` (and withdrawn from the client) when unanswered this long. */
  readonly timeoutMs?: number;
  /** `turn`: withdrawn when the turn ends; `session`: only when the session ends. */
  readonly scope: 'turn' | 'session';
};

/**
 * The bridge's requests to the client, the north twin of the JSON-RPC channel: each gets exactly
 * one settlement (its answer, a timeout or a withdrawal), and the bridge owns no timer itself.
 */
export type ClientRequestChannel = ReturnType<typeof createClientRequestChannel>;

/** Creates the channel; `emit` receives the control requests, cancellations and timers. */
export function createClientRequestChannel(emit: (event: BridgeEvent) => void) {
  const pending = createPendingRequests<string, ClientAnswer, 'turn' | 'session'>({
    id: (n, prefix) => `${prefix}-${n}`,
    ended: () => ({ outcome: 'withdrawn' }),
    withdrawn: (id) => emit({ type: 'client-message', message: buildControlCancelRequest(id) }),
    timer: { prefix: 'client-request:', timedOut: { outcome: 'timeout' }, emit },
  });
  return {
    /** Sends `request` as a `control_request`; returns its `request_id`. */
    ask(request: ClientRequest, options: ClientRequestOptions, onAnswer: Answered): string {
      const { idPrefix = 'agentbridge', scope, timeoutMs } = options;
      const send = (request_id: string) => {
        const message = { type: 'control_request', request_id, request };
        emit({ type: 'client-message', message: message as AgentControlRequestMessage });
      };
      return pending.register(send, onAnswer, { series: idPrefix, tag: scope, timeoutMs });
    },
    /** Routes a client `control_response` envelope; false when nothing waits for its `request_id`. */
    settle(envelope: ControlResponseMessage['response']): boolean {
      const answer: ClientAnswer =
        envelope.subtype === 'error'
          ? { outcome: 'error', message: envelope.error }
          : { outcome: 'answered', response: envelope.response ?? {} };
      const id = envelope.request_id;
      return typeof id === 'string' && pending.settle(id, answer);
    },
    onTimer: pending.onTimer,
    /** Withdraws the turn's requests (`settleAll`: every request), settling them `withdrawn`. */
    withdraw: (scope: 'turn') => pending.settleAll('', (tag) => tag === scope),
    settleAll: (reason: string) => pending.settleAll(reason),
  };
}
