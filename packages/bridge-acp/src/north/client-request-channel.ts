import type {
  AgentControlRequestMessage,
  BridgeEvent,
  ControlResponseMessage,
} from '@agentbridge/core/contracts';
import { buildControlCancelRequest } from './client-lines.js';

/** A request the bridge sends the client (`can_use_tool`, `hook_callback`, `mcp_message`, ...). */
type ClientRequest = AgentControlRequestMessage['request'];

/**
 * What became of one request: the client's `response`, its error answer, no answer within the
 * timeout, or withdrawn by the bridge (a `control_cancel_request` went to the client).
 */
export type ClientAnswer =
  | { readonly outcome: 'answered'; readonly response: Record<string, unknown> }
  | { readonly outcome: 'error'; readonly message: string }
  | { readonly outcome: 'timeout' | 'withdrawn' };

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
export interface ClientRequestChannel {
  /** Sends `request` as a `control_request`; returns its `request_id`. */
  ask(
    request: ClientRequest,
    options: ClientRequestOptions,
    onAnswer: (answer: ClientAnswer) => void,
  ): string;
  /** Routes a client `control_response` envelope; false when nothing waits for its `request_id`. */
  settle(envelope: ControlResponseMessage['response']): boolean;
  /** A timer of this channel fired; false when the id is not one of its timers. */
  onTimer(timerId: string): boolean;
  /** Withdraws pending requests of `scope` (`session`: all of them), settling them `withdrawn`. */
  withdraw(scope: 'turn' | 'session'): void;
  /** Pending requests, optionally only those of one scope. */
  pendingCount(scope?: 'turn' | 'session'): number;
}

type Pending = {
  readonly scope: 'turn' | 'session';
  readonly timerId: string | undefined;
  readonly onAnswer: (answer: ClientAnswer) => void;
};

const timerPrefix = 'client-request:';

/** Creates the channel; `emit` receives the control requests, cancellations and timers. */
export function createClientRequestChannel(
  emit: (event: BridgeEvent) => void,
): ClientRequestChannel {
  const pending = new Map<string, Pending>();
  const counters = new Map<string, number>();
  const take = (requestId: string) => {
    const entry = pending.get(requestId);
    if (entry === undefined) return undefined;
    pending.delete(requestId);
    if (entry.timerId !== undefined) emit({ type: 'cancel-timer', timerId: entry.timerId });
    return entry;
  };
  const cancel = (requestId: string, answer: ClientAnswer) => {
    const entry = take(requestId);
    if (entry === undefined) return;
    emit({ type: 'client-message', message: buildControlCancelRequest(requestId) });
    entry.onAnswer(answer);
  };
  return {
    ask(request, options, onAnswer) {
      const prefix = options.idPrefix ?? 'agentbridge';
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      const requestId = `${prefix}-${n}`;
      const timerId = options.timeoutMs === undefined ? undefined : `${timerPrefix}${requestId}`;
      pending.set(requestId, { scope: options.scope, timerId, onAnswer });
      const message = { type: 'control_request', request_id: requestId, request };
      emit({ type: 'client-message', message: message as AgentControlRequestMessage });
      if (timerId !== undefined)
        emit({ type: 'start-timer', timerId, delayMs: options.timeoutMs ?? 0 });
      return requestId;
    },
    settle(envelope) {
      const id = envelope.request_id;
      const entry = typeof id === 'string' ? take(id) : undefined;
      if (entry === undefined) return false;
      if (envelope.subtype === 'error')
        entry.onAnswer({ outcome: 'error', message: envelope.error });
      else entry.onAnswer({ outcome: 'answered', response: envelope.response ?? {} });
      return true;
    },
    onTimer(timerId) {
      if (!timerId.startsWith(timerPrefix)) return false;
      cancel(timerId.slice(timerPrefix.length), { outcome: 'timeout' });
      return true;
    },
    withdraw(scope) {
      for (const [requestId, entry] of [...pending])
        if (scope === 'session' || entry.scope === 'turn')
          cancel(requestId, { outcome: 'withdrawn' });
    },
    pendingCount: (scope) =>
      [...pending.values()].filter((entry) => scope === undefined || entry.scope === scope).length,
  };
}
