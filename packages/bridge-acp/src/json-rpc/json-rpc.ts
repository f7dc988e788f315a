import type { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import type { AnyMessage, ErrorResponse } from '@agentclientprotocol/sdk/unstable';
import { createPendingRequests, type PendingRequests } from '../pending/pending-requests.js';

/** ACP `protocolVersion` spoken by the bridge, checked against the SDK's constant. */
export const acpProtocolVersion: typeof PROTOCOL_VERSION = 1;
/** JSON-RPC "method not found" (A-09, F-01). */
export const methodNotFoundCode = -32601;
/** ACP "authentication required" (A-09, AU-02). */
export const authRequiredCode = -32000;

/** A JSON-RPC id as it appears on the wire (echoed verbatim, A-03). */
export type JsonRpcId = number | string;

/** The `error` of a response, as received: its fields are only as typed as the agent made them. */
export type RpcError = Partial<ErrorResponse>;

/** The agent's answer to a bridge request. */
export type RpcOutcome<Result = unknown> =
  | { readonly ok: true; readonly result: Result }
  | { readonly ok: false; readonly error: RpcError };

/** The outbound half of JSON-RPC plus the bridge's pending requests (`settleAll`: the agent is gone). */
export interface JsonRpcChannel extends Pick<PendingRequests<number, RpcOutcome>, 'settleAll'> {
  /** Sends a request with the next integer id (A-01; never reused) and remembers `onAnswer`. */
  request<Result>(
    method: string,
    params: object,
    onAnswer: (outcome: RpcOutcome<Result>) => void,
  ): void;
  /** Sends a notification. */
  notify(method: string, params: object): void;
  /** Answers an agent request. */
  respond(id: JsonRpcId, result: unknown): void;
  /** Answers an agent request with an error. */
  respondError(id: JsonRpcId, code: number, message: string, data?: unknown): void;
  /** Routes an answer to its handler; false when nothing waited for it (A-07: numeric ids only; F-02). */
  settle(id: JsonRpcId, outcome: RpcOutcome): boolean;
}

/** Creates the channel; `send` receives each message object, serialised by the host. */
export function createJsonRpcChannel(send: (message: AnyMessage) => void): JsonRpcChannel {
  const pending = createPendingRequests<number, RpcOutcome>({
    id: (n) => n,
    ended: (message) => ({ ok: false, error: { message } }),
  });
  return {
    request(method, params, onAnswer) {
      const ask = (id: number) => send({ jsonrpc: '2.0', id, method, params });
      pending.register(ask, onAnswer as (outcome: RpcOutcome) => void);
    },
    notify: (method, params) => send({ jsonrpc: '2.0', method, params }),
    respond: (id, result) => send({ jsonrpc: '2.0', id, result: result ?? null }),
    respondError(id, code, message, data) {
      send({
        jsonrpc: '2.0',
        id,
        error: data === undefined ? { code, message } : { code, message, data },
      });
    },
    settle: (id, outcome) => typeof id === 'number' && pending.settle(id, outcome),
    settleAll: pending.settleAll,
  };
}
